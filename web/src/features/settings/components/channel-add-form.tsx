import { type FormEvent, useState } from "react";
import { errorText } from "@/drive/errors/error-message";
import { toast } from "@/lib/toast";
import { Button } from "@/ui/button";
import { TextField } from "@/ui/text-field";
import { useCreateChannel } from "../api/create-channel";

/** Creates a channel by name. */
export function ChannelAddForm() {
  const [name, setName] = useState("");
  const create = useCreateChannel();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const channelName = name.trim();
    if (!channelName) return;
    create.mutate(channelName, {
      onSuccess: () => {
        setName("");
        toast.success("Channel Added");
      },
      onError: (error) => toast.error(errorText(error)),
    });
  };
  return (
    <form onSubmit={submit} className="flex items-end gap-2">
      <TextField
        label="New channel name"
        className="flex-1"
        value={name}
        onChange={(event) => setName(event.target.value)}
        maxLength={128}
      />
      <Button type="submit" disabled={!name.trim() || create.isPending}>
        Add
      </Button>
    </form>
  );
}
