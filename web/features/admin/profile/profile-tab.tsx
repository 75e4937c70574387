// Profile tab 'Guru Profile' (spec §2.2): the profile form, import/export, the API key and password dialogs.

import { css } from "@styled-system/css" with { type: "macro" };
import { useQuery } from "@tanstack/react-query";
import { Button } from "@web/components/ui/button.tsx";
import { profileQueryOptions } from "@web/lib/queries/profile.ts";
import { KeyRound, Video } from "lucide-react";
import { useEffect, useState } from "react";
import { ConfirmItsYouDialog } from "../shared/confirm-its-you.tsx";
import { Panel, StateText } from "../shared/layout.tsx";
import { notifyError } from "../shared/notify.ts";
import { AccountPanel } from "./account/account-panel.tsx";
import { ApiKeyDialog, ResetPasswordDialog } from "./account-dialogs.tsx";
import { DataTransferButtons } from "./data-transfer.tsx";
import { ProfileForm } from "./profile-form.tsx";
import { YouTubeSetupHint } from "./youtube-setup-hint.tsx";

export function ProfileTab() {
  const query = useQuery(profileQueryOptions());
  const [dialog, setDialog] = useState<"key" | "password" | null>(null);

  useEffect(() => {
    if (query.isError) notifyError(query.error, "Failed to fetch profile");
  }, [query.isError, query.error]);

  return (
    <div className={css({ display: "flex", flexDirection: "column", gap: "6" })}>
      <Panel title="Guru Profile" description="What visitors read about the teacher at the top of the home page." actions={<DataTransferButtons />}>
        {query.isPending ? <StateText>Loading profile...</StateText> : <ProfileForm profile={query.data} />}
      </Panel>
      <Panel title="Settings">
        <YouTubeSetupHint />
        <div className={css({ display: "flex", flexWrap: "wrap", gap: "3" })}>
          <Button variant="outline" onClick={() => setDialog("key")}>
            <Video size={16} aria-hidden />
            Update YouTube API Key
          </Button>
          <Button variant="outline" onClick={() => setDialog("password")}>
            <KeyRound size={16} aria-hidden />
            Reset Password
          </Button>
        </div>
      </Panel>
      <AccountPanel />
      <ApiKeyDialog open={dialog === "key"} onOpenChange={(open) => setDialog(open ? "key" : null)} />
      <ResetPasswordDialog open={dialog === "password"} onOpenChange={(open) => setDialog(open ? "password" : null)} />
      <ConfirmItsYouDialog />
    </div>
  );
}
