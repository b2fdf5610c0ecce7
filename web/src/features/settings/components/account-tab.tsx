import { BotsSection } from "./bots-section";
import { ChannelsSection } from "./channels-section";
import { SessionsSection } from "./sessions-section";

/** Bots, channels and sessions of the account; its data is preloaded by the route. */
export function AccountTab() {
  return (
    <div className="flex flex-col gap-6">
      <BotsSection />
      <ChannelsSection />
      <SessionsSection />
    </div>
  );
}
