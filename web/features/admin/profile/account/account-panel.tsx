// The Profile tab's account area (issue 22): where one is signed in, and what happened. Its lists load when it is
// opened: a stored token counts as signed in until the admin's first admin call (spec §4), not the page's.

import { css } from "@styled-system/css" with { type: "macro" };
import { AtSign, Fingerprint, History, MonitorSmartphone } from "lucide-react";
import { DisclosurePanel, SubPanel } from "../../shared/layout.tsx";
import { AccountEmail } from "./account-email.tsx";
import { ActivityLog } from "./activity-log.tsx";
import { DevicesList } from "./devices-list.tsx";
import { PasskeysList } from "./passkeys-list.tsx";

export function AccountPanel() {
  return (
    <DisclosurePanel
      title="Account"
      description="Where you are signed in, and what was done with this account."
      id="account-area"
      labels={{ show: "Show devices and activity", hide: "Hide devices and activity" }}
    >
      <div className={css({ display: "flex", flexDirection: "column", gap: "4" })}>
        <SubPanel title="Passkeys" icon={<Fingerprint size={18} aria-hidden />}>
          <PasskeysList />
        </SubPanel>
        <SubPanel title="Sign-in by mail" icon={<AtSign size={18} aria-hidden />}>
          <AccountEmail />
        </SubPanel>
        <SubPanel title="Signed-in devices" icon={<MonitorSmartphone size={18} aria-hidden />}>
          <DevicesList />
        </SubPanel>
        <SubPanel title="Activity" icon={<History size={18} aria-hidden />}>
          <ActivityLog />
        </SubPanel>
      </div>
    </DisclosurePanel>
  );
}
