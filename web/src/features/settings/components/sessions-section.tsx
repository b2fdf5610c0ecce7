import { useQuery } from "@tanstack/react-query";
import { errorText } from "@/drive/errors/error-message";
import { toast } from "@/lib/toast";
import { useDeleteSession } from "../api/delete-session";
import { sessionsQueryOptions } from "../api/get-sessions";
import { SessionCard } from "./session-card";
import { SettingsSection } from "./settings-section";

/** Devices signed in to the account. */
export function SessionsSection() {
  const { data: sessions = [] } = useQuery(sessionsQueryOptions());
  const remove = useDeleteSession();
  return (
    <SettingsSection title="Active Sessions" description="Manage active sessions for your account.">
      <ul aria-label="Sessions" className="flex flex-col gap-2">
        {sessions.map((session) => (
          <SessionCard
            key={session.hash}
            session={session}
            deleting={remove.isPending && remove.variables === session.hash}
            onDelete={() => remove.mutate(session.hash, { onError: (error) => toast.error(errorText(error)) })}
          />
        ))}
      </ul>
    </SettingsSection>
  );
}
