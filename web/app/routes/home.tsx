// The public home page (spec §2.1): hero, notifications, events, classes, videos, contact, 'Support the association'
// (issue 32, with payments on), archive, then the footer.
// Features do not import each other; this page composes them and passes what they share (profile, channel).

import { css } from "@styled-system/css" with { type: "macro" };
import { ArchiveSection } from "@web/features/archive/components/archive-section.tsx";
import { ClassesSection } from "@web/features/classes/components/classes-section.tsx";
import { ContactSection } from "@web/features/contact/components/contact-section.tsx";
import { EventsSection } from "@web/features/events/components/events-section.tsx";
import { RegistrationNotice } from "@web/features/events/components/registration-notice.tsx";
import { Hero } from "@web/features/hero/components/hero.tsx";
import { SiteFooter } from "@web/features/layout/components/site-footer.tsx";
import { SiteHeader } from "@web/features/layout/components/site-header.tsx";
import { scrollToSection } from "@web/features/layout/use-page-scroll.ts";
import { LegalDialogs } from "@web/features/legal/components/legal-dialogs.tsx";
import { NewsletterForm } from "@web/features/newsletter/components/newsletter-form.tsx";
import { NewsletterNotice } from "@web/features/newsletter/components/newsletter-notice.tsx";
import { NotificationBanner } from "@web/features/notifications/components/notification-banner.tsx";
import { PaymentNotice, SupportSection } from "@web/features/payments/lazy.ts";
import { channelUrl, VideosSection } from "@web/features/videos/components/videos-section.tsx";
import type { PublicProfile } from "@web/lib/api-types.ts";
import { useProfile } from "@web/lib/queries/profile.ts";
import { useVideoStatus } from "@web/lib/queries/videos.ts";
import { Suspense } from "react";

const BRAND = "Vedanta & Yoga";

/** The contact section with the channel link (the page's data names the channel). */
function Contact({ profile }: { profile: PublicProfile | undefined }) {
  const channelId = useVideoStatus().data?.channelId;
  return (
    <ContactSection
      address={profile?.address ?? null}
      email={profile?.email ?? null}
      phone={profile?.phone ?? null}
      channelUrl={channelUrl(channelId)}
    />
  );
}

export function HomePage() {
  const profile = useProfile();
  const email = profile.data?.email ?? null;
  const payments = profile.data?.payments;

  return (
    <>
      <a
        href="#main"
        className={css({
          srOnly: true,
          _focus: {
            srOnly: false,
            position: "fixed",
            top: "3",
            left: "3",
            zIndex: "skipLink",
            bg: "surface",
            px: "4",
            py: "2",
            borderRadius: "control",
            boxShadow: "raised",
          },
        })}
      >
        Skip to content
      </a>
      <SiteHeader brand={BRAND} />
      <main id="main" tabIndex={-1} className={css({ _focus: { outline: "none" } })}>
        <NewsletterNotice />
        <RegistrationNotice />
        <PaymentNotice />
        <Hero profile={profile.data} isPending={profile.isPending} onNavigate={scrollToSection} />
        {/* Each part below the hero is a Suspense boundary of its own: React hydrates the header and the hero first,
            then each part in a render and a commit of its own, so no long task holds the page's first load (ADR 14).
            A click on a part not hydrated yet hydrates it at once: its code is already there. */}
        <Suspense>
          <NotificationBanner />
        </Suspense>
        <Suspense>
          <EventsSection timezone={profile.data?.timezone ?? ""} onViewAll={() => console.log("View all events")} />
        </Suspense>
        <Suspense>
          <ClassesSection />
        </Suspense>
        <Suspense>
          <VideosSection />
        </Suspense>
        <Suspense>
          <Contact profile={profile.data} />
        </Suspense>
        {payments?.enabled && (
          <Suspense>
            <SupportSection currency={payments.currency} />
          </Suspense>
        )}
        <Suspense>
          <ArchiveSection />
        </Suspense>
      </main>
      <Suspense>
        <SiteFooter brand={BRAND} email={email} support={payments?.enabled} newsletter={<NewsletterForm />} legal={<LegalDialogs email={email} />} />
      </Suspense>
    </>
  );
}
