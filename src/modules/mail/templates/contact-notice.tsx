import { Text } from "react-email";
import { Field, MailLayout, type SiteInfo, styles } from "./layout.tsx";

export type ContactNoticeData = { name: string; email: string; subject: string; message: string };

/** To the teacher: a visitor's contact message, as text (their HTML stays text); replying answers the visitor. */
export function ContactNotice({ site, message }: { site: SiteInfo; message: ContactNoticeData }) {
  return (
    <MailLayout site={site} preview={`${message.name}: ${message.subject}`} title="New message from the contact form">
      <Field label="From" value={`${message.name} <${message.email}>`} />
      <Field label="Subject" value={message.subject} />
      <Text style={styles.quote}>{message.message}</Text>
      <Text style={styles.label}>Reply to this e-mail to answer {message.name}.</Text>
    </MailLayout>
  );
}
