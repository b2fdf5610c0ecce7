import { useState } from "react";
import { useApiGeneration } from "@/drive/api/generation";

/** The profile photo from the server, or the name's first letter when there is none. */
export function UserAvatar({ name }: { name: string }) {
  const [failed, setFailed] = useState(false);
  const generation = useApiGeneration();
  if (failed) {
    return (
      <span
        aria-hidden
        className="flex size-8 items-center justify-center rounded-full bg-primary text-sm font-medium text-on-primary"
      >
        {name.trim().charAt(0).toUpperCase() || "?"}
      </span>
    );
  }
  return (
    <img
      src={generation === "B" ? "/api/users/profile" : "/api/users/profile/profile.jpeg"}
      alt={name}
      className="size-8 rounded-full object-cover"
      onError={() => setFailed(true)}
    />
  );
}
