// The admin area (spec §2.2): the login card, or the dashboard when a token is stored. A 401 from any admin call
// (an expired or revoked token) returns to the login card with a message.

import { SESSION_EXPIRED_MESSAGE } from "@server/shared/constants.ts";
import { css } from "@styled-system/css" with { type: "macro" };
import { useQueryClient } from "@tanstack/react-query";
import { toast } from "@web/components/ui/toast.tsx";
import { AdminDashboard } from "@web/features/admin/dashboard/admin-dashboard.tsx";
import { LoginCard } from "@web/features/admin/login/login-card.tsx";
import { call } from "@web/lib/api.ts";
import {
  clearAdminToken,
  forgetAdminData,
  getAdminToken,
  SIGNED_OUT_EVENT,
  SIGNED_OUT_EVERYWHERE_MESSAGE,
  UNAUTHORIZED_EVENT,
} from "@web/lib/session.ts";
import { useEffect, useState } from "react";

export default function AdminPage() {
  const queryClient = useQueryClient();
  // On page start a stored token counts as logged in without being checked (spec §4).
  const [loggedIn, setLoggedIn] = useState(() => getAdminToken() !== null);
  const [notice, setNotice] = useState<string | null>(null);

  useEffect(() => {
    document.title = "Admin";
    const onUnauthorized = () => {
      clearAdminToken();
      forgetAdminData(queryClient);
      setLoggedIn(false);
      setNotice(SESSION_EXPIRED_MESSAGE);
      toast({ title: "Session expired", description: SESSION_EXPIRED_MESSAGE, variant: "destructive" });
    };
    // 'Sign out everywhere' from the account area: this device is signed out too.
    const onSignedOut = () => {
      clearAdminToken();
      forgetAdminData(queryClient);
      setLoggedIn(false);
      setNotice(SIGNED_OUT_EVERYWHERE_MESSAGE);
    };
    window.addEventListener(UNAUTHORIZED_EVENT, onUnauthorized);
    window.addEventListener(SIGNED_OUT_EVENT, onSignedOut);
    return () => {
      window.removeEventListener(UNAUTHORIZED_EVENT, onUnauthorized);
      window.removeEventListener(SIGNED_OUT_EVENT, onSignedOut);
    };
  }, [queryClient]);

  const logout = () => {
    // The session ends on the server too; the page does not wait for it.
    call((api) => api.auth.logout.post({})).catch(() => {});
    clearAdminToken();
    forgetAdminData(queryClient);
    setNotice(null);
    setLoggedIn(false);
  };

  return (
    <main className={css({ minH: "100dvh", bg: "bg.muted" })}>
      {loggedIn ? (
        <AdminDashboard onLogout={logout} />
      ) : (
        <LoginCard
          notice={notice}
          onLoggedIn={() => {
            setNotice(null);
            setLoggedIn(true);
          }}
        />
      )}
    </main>
  );
}
