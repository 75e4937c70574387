// 'Admin Dashboard' (spec §2.2): Logout and the seven tabs, profile first, with 'Money' (issue 32) among them while
// payments are on, or passes are sold (issue 40: those sold at the door are on it). The tab is kept in ?tab= so a
// reload returns to it; tabs are keyboard-navigable (arrow keys, Home, End) and scroll sideways on a phone.

import { css } from "@styled-system/css" with { type: "macro" };
import { useQuery } from "@tanstack/react-query";
import { Button } from "@web/components/ui/button.tsx";
import { Tabs } from "@web/components/ui/tabs.tsx";
import { passesOnSaleQueryOptions } from "@web/lib/queries/passes.ts";
import { useProfile } from "@web/lib/queries/profile.ts";
import { Bell, CalendarDays, DatabaseBackup, GraduationCap, HandCoins, LogOut, Mail, User, Users } from "lucide-react";
import type { ReactNode } from "react";
import { Link, useSearchParams } from "react-router";
import { ClassesTab } from "../classes/classes-tab.tsx";
import { DataSyncTab } from "../data-sync/data-sync-tab.tsx";
import { EventsTab } from "../events/events-tab.tsx";
import { MessagesTab } from "../messages/messages-tab.tsx";
import { MoneyTab } from "../money/money-tab.tsx";
import { NotificationsTab } from "../notifications/notifications-tab.tsx";
import { ProfileTab } from "../profile/profile-tab.tsx";
import { SubscribersTab } from "../subscribers/subscribers-tab.tsx";

const TABS: { value: string; label: string; icon: ReactNode; panel: () => ReactNode }[] = [
  { value: "profile", label: "Profile", icon: <User size={16} aria-hidden />, panel: () => <ProfileTab /> },
  { value: "events", label: "Events", icon: <CalendarDays size={16} aria-hidden />, panel: () => <EventsTab /> },
  { value: "classes", label: "Classes", icon: <GraduationCap size={16} aria-hidden />, panel: () => <ClassesTab /> },
  { value: "messages", label: "Messages", icon: <Mail size={16} aria-hidden />, panel: () => <MessagesTab /> },
  { value: "subscribers", label: "Subscribers", icon: <Users size={16} aria-hidden />, panel: () => <SubscribersTab /> },
  { value: "notifications", label: "Notifications", icon: <Bell size={16} aria-hidden />, panel: () => <NotificationsTab /> },
  { value: "money", label: "Money", icon: <HandCoins size={16} aria-hidden />, panel: () => <MoneyTab /> },
  { value: "datasync", label: "Data Sync", icon: <DatabaseBackup size={16} aria-hidden />, panel: () => <DataSyncTab /> },
];
const DEFAULT_TAB = "profile";

export function AdminDashboard({ onLogout }: { onLogout: () => void }) {
  const [searchParams, setSearchParams] = useSearchParams();
  const paymentsOn = useProfile().data?.payments?.enabled ?? false;
  // Issue 40: passes sold at the door are on the Money tab, with payments off too.
  const sellsPasses = (useQuery(passesOnSaleQueryOptions()).data?.length ?? 0) > 0;
  const tabs = paymentsOn || sellsPasses ? TABS : TABS.filter((item) => item.value !== "money");
  const requested = searchParams.get("tab");
  // biome-ignore lint/style/noNonNullAssertion: some() matched it, so it is defined
  const tab = tabs.some((item) => item.value === requested) ? requested! : DEFAULT_TAB;

  return (
    <div className={css({ maxW: "7xl", mx: "auto", px: { base: "3", md: "6" }, py: { base: "4", md: "8" } })}>
      <header className={css({ display: "flex", flexWrap: "wrap", alignItems: "center", justifyContent: "space-between", gap: "3", mb: "6" })}>
        <h1 className={css({ fontSize: { base: "2xl", md: "4xl" }, fontWeight: "600" })}>Admin Dashboard</h1>
        <div className={css({ display: "flex", gap: "2", alignItems: "center" })}>
          <Link to="/" className={css({ fontSize: "sm", color: "accent.strong", textDecoration: "underline", px: "2" })}>
            View site
          </Link>
          <Button variant="outline" onClick={onLogout}>
            <LogOut size={16} aria-hidden />
            Logout
          </Button>
        </div>
      </header>
      <Tabs.Root
        value={tab}
        onValueChange={(details) => setSearchParams(details.value === DEFAULT_TAB ? {} : { tab: details.value }, { replace: true })}
        lazyMount
        unmountOnExit
      >
        <Tabs.List aria-label="Admin sections">
          {tabs.map((item) => (
            <Tabs.Trigger key={item.value} value={item.value}>
              {item.icon}
              {item.label}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        {tabs.map((item) => (
          <Tabs.Content key={item.value} value={item.value}>
            {item.panel()}
          </Tabs.Content>
        ))}
      </Tabs.Root>
    </div>
  );
}
