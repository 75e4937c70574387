// The footer's Privacy Policy (6 sections) and Terms of Use (7 sections) dialogs (spec §2.1), loaded by
// legal-dialogs.tsx when a footer link is first used.

import { css } from "@styled-system/css" with { type: "macro" };
import { Dialog } from "@web/components/ui/dialog.tsx";
import { EmailText } from "@web/components/ui/email-text.tsx";
import type { ReactNode } from "react";

export const LAST_UPDATED = "Last Updated: March 28, 2025";

type Section = { title: string; body: ReactNode };

function contactLine(email: string | null) {
  return email ? (
    <>
      by e-mail at{" "}
      <a href={`mailto:${email}`} className={css({ color: "accent.strong", textDecoration: "underline" })}>
        <EmailText email={email} />
      </a>
    </>
  ) : (
    "through the contact form on this website"
  );
}

function privacySections(email: string | null): Section[] {
  return [
    {
      title: "Information We Collect",
      body: "We collect only what you give us: your name, e-mail address, the subject and text of a message you send through the contact form, the e-mail address you enter to subscribe to our newsletter, and the details you provide when you register for an event (name, e-mail, phone number and any notes).",
    },
    {
      title: "How We Use Your Information",
      body: "We use your information only to reply to your messages, to send you the newsletter you asked for, and to organise the events you register for. We do not use it for advertising and we do not build profiles of visitors.",
    },
    {
      title: "Sharing of Information",
      body: "We do not sell, rent or share your personal information with anyone. It is seen only by the association's administrator. We may disclose it only where the law requires us to.",
    },
    {
      title: "Storage and Security",
      body: "Messages, registrations and newsletter addresses are kept on our own server in Australia, protected by a password and encrypted connections. We keep messages only as long as needed to respond, and newsletter addresses until you unsubscribe.",
    },
    {
      title: "Your Rights",
      body: "You may ask to see the information we hold about you, to correct it, or to have it deleted, and you may unsubscribe from the newsletter at any time. We will act on your request within 30 days.",
    },
    {
      title: "Contact Us",
      body: <>If you have any questions about this policy or your information, please contact us {contactLine(email)}.</>,
    },
  ];
}

function termsSections(email: string | null): Section[] {
  return [
    {
      title: "Acceptance of Terms",
      body: "By using this website you agree to these terms. If you do not agree, please do not use the site.",
    },
    {
      title: "Use of the Website",
      body: "This website shares the teaching and activities of the Vedanta and Yoga Association of Melbourne. You may use it for your personal, non-commercial purposes, and you agree not to misuse it, disrupt it or try to gain access to parts of it that are not public.",
    },
    {
      title: "Content and Intellectual Property",
      body: "Texts, photographs, recordings and documents on this site belong to the association or to the teachers who created them. You may share links to them; please ask us before copying or republishing them.",
    },
    {
      title: "Events and Registrations",
      body: "Event details may change; we will tell registered participants of any change we can. Yoga and meditation involve physical activity: please consult a health professional if you have any condition, and practise within your own limits.",
    },
    {
      title: "External Links",
      body: "The site links to other services, such as our video channel and social media page. We are not responsible for their content or their privacy practices.",
    },
    {
      title: "Limitation of Liability",
      body: "The site and its content are offered in good faith and as they are. To the extent the law allows, the association is not liable for any loss arising from the use of the site.",
    },
    {
      title: "Changes and Contact",
      body: <>We may update these terms from time to time; the date above shows the latest version. Questions are welcome {contactLine(email)}.</>,
    },
  ];
}

export type LegalKind = "privacy" | "terms";

const TEXTS: Record<LegalKind, { title: string; intro: string; sections: (email: string | null) => Section[] }> = {
  privacy: {
    title: "Privacy Policy",
    intro:
      "The Vedanta and Yoga Association of Melbourne respects your privacy. This policy explains what we collect through this website and how we look after it.",
    sections: privacySections,
  },
  terms: {
    title: "Terms of Use",
    intro: "These terms apply to everyone who visits or uses this website.",
    sections: termsSections,
  },
};

type LegalDialogProps = { kind: LegalKind; email: string | null; open: boolean; onClose: () => void; trigger: () => HTMLElement | null };

/** One legal text in a dialog, opened by its footer link (`trigger`, which gets the focus back on close). */
export default function LegalDialog({ kind, email, open, onClose, trigger }: LegalDialogProps) {
  const { title, intro, sections } = TEXTS[kind];
  return (
    <Dialog.Root open={open} onOpenChange={(details) => !details.open && onClose()} finalFocusEl={trigger} lazyMount unmountOnExit>
      <Dialog.Content closeLabel="Close dialog">
        <Dialog.Title>{title}</Dialog.Title>
        <Dialog.Description>{LAST_UPDATED}</Dialog.Description>
        <Dialog.Body>
          <p className={css({ color: "fg.muted" })}>{intro}</p>
          <ol className={css({ display: "grid", gap: "5" })}>
            {sections(email).map((section, i) => (
              <li key={section.title}>
                <h3 className={css({ fontFamily: "display", fontSize: "lg", fontWeight: "600", color: "heading", mb: "1.5" })}>
                  {i + 1}. {section.title}
                </h3>
                <p className={css({ color: "ink.700", lineHeight: "1.65" })}>{section.body}</p>
              </li>
            ))}
          </ol>
        </Dialog.Body>
        <Dialog.Footer>
          <Dialog.CloseTrigger
            className={css({
              h: "10",
              px: "4",
              borderRadius: "control",
              bg: "accent",
              color: "white",
              fontWeight: "600",
              cursor: "pointer",
              _hover: { bg: "accent.strong" },
            })}
          >
            Close
          </Dialog.CloseTrigger>
        </Dialog.Footer>
      </Dialog.Content>
    </Dialog.Root>
  );
}
