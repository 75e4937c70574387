// The Profile tab's account area (issue 22): where one is signed in, and what happened. Its lists load when it is
// opened: a stored token counts as signed in until the admin's first admin call (spec §4), not the page's.

import { css } from "@styled-system/css" with { type: "macro" };
import { Button } from "@web/components/ui/button.tsx";
import { AtSign, ChevronDown, ChevronUp, Fingerprint, History, MonitorSmartphone } from "lucide-react";
import { useState } from "react";
import { Panel, SubPanel } from "../../shared/layout.tsx";
import { AccountEmail } from "./account-email.tsx";
import { ActivityLog } from "./activity-log.tsx";
import { DevicesList } from "./devices-list.tsx";
import { PasskeysList } from "./passkeys-list.tsx";

export function AccountPanel() {
  const [open, setOpen] = useState(false);
  return (
    <Panel
      title="Account"
      description="Where you are signed in, and what was done with this account."
      actions={
        <Button variant="outline" aria-expanded={open} aria-controls="account-area" onClick={() => setOpen(!open)}>
          {open ? <ChevronUp size={16} aria-hidden /> : <ChevronDown size={16} aria-hidden />}
          {open ? "Hide devices and activity" : "Show devices and activity"}
        </Button>
      }
    >
      <div id="account-area" hidden={!open} className={css({ display: "flex", flexDirection: "column", gap: "4" })}>
        {open && (
          <>
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
          </>
        )}
      </div>
    </Panel>
  );
}
