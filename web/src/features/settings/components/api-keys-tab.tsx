import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { errorText } from "@/drive/errors/error-message";
import { Spinner } from "@/ui/spinner";
import { apiKeysQueryOptions, type NewApiKey } from "../api/api-keys";
import { ApiKeyCreateForm } from "./api-key-create-form";
import { ApiKeyRow } from "./api-key-row";
import { NewApiKeyPanel } from "./new-api-key-panel";
import { SettingsSection } from "./settings-section";

/** Long-lived keys for rclone and scripts (`X-Api-Key`): create one, see it once, list, revoke. */
export function ApiKeysTab() {
  const keys = useQuery(apiKeysQueryOptions());
  const [created, setCreated] = useState<NewApiKey>();
  if (keys.isPending) return <Spinner label="Loading API keys" />;
  if (keys.isError) {
    return (
      <p role="alert" className="text-sm text-error">
        {errorText(keys.error)}
      </p>
    );
  }
  if (keys.data === null)
    return <p className="text-sm text-on-surface-variant">This server does not offer API keys.</p>;
  return (
    <div className="flex flex-col gap-6">
      <SettingsSection
        title="API keys"
        description="A key lets a program such as rclone use your drive as you, without signing in. Revoke a key you no longer use."
      >
        {created ? (
          <NewApiKeyPanel created={created} onDone={() => setCreated(undefined)} />
        ) : (
          <ApiKeyCreateForm onCreated={setCreated} />
        )}
      </SettingsSection>
      <SettingsSection title="Your keys">
        {keys.data.length === 0 ? (
          <p className="text-sm text-on-surface-variant">No API keys yet.</p>
        ) : (
          <ul aria-label="API keys" className="flex flex-col gap-2">
            {keys.data.map((key) => (
              <ApiKeyRow key={key.id} apiKey={key} />
            ))}
          </ul>
        )}
      </SettingsSection>
    </div>
  );
}
