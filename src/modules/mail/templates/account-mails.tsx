// The admin account's mails (issue 22): a password reset link, a sign-in code, a notice of what changed, and the link
// that confirms a new account e-mail (issue 30).
import { Button, Section, Text } from "react-email";
import { Field, MailLayout, type SiteInfo, styles } from "./layout.tsx";

export type PasswordResetData = { resetUrl: string; minutes: number };
export type SignInCodeData = { code: string; minutes: number; device: string; ip: string };
export type EmailConfirmationData = { confirmUrl: string; hours: number };
export type SecurityNoticeData = { what: string; device: string; ip: string; at: string; signOutUrl: string };

export function PasswordReset({ site, data }: { site: SiteInfo; data: PasswordResetData }) {
  return (
    <MailLayout site={site} preview="A link to set a new password" title="Set a new password">
      <Text style={styles.text}>
        Someone, hopefully you, asked to reset the admin password of {site.siteName}. The link works once, for {data.minutes} minutes.
      </Text>
      <Section style={{ margin: "20px 0" }}>
        <Button href={data.resetUrl} style={styles.button}>
          Set a new password
        </Button>
      </Section>
      <Text style={styles.label}>If you did not ask for it, ignore this mail: your password stays as it is.</Text>
    </MailLayout>
  );
}

export function SignInCode({ site, data }: { site: SiteInfo; data: SignInCodeData }) {
  return (
    <MailLayout site={site} preview={`Your sign-in code: ${data.code}`} title="Your sign-in code">
      <Text style={styles.text}>
        A sign-in to {site.siteName} from a new device needs this code. It is valid for {data.minutes} minutes.
      </Text>
      <Text style={{ ...styles.text, fontSize: "28px", fontWeight: 700, letterSpacing: "6px" }}>{data.code}</Text>
      <Field label="Device" value={`${data.device} (${data.ip})`} />
      <Text style={styles.label}>If this was not you, your password is known to someone else: change it in the Profile tab.</Text>
    </MailLayout>
  );
}

export function SecurityNotice({ site, data }: { site: SiteInfo; data: SecurityNoticeData }) {
  return (
    <MailLayout site={site} preview={data.what} title={data.what}>
      <Field label="When" value={data.at} />
      <Field label="Device" value={`${data.device} (${data.ip})`} />
      <Text style={styles.text}>If this was you, there is nothing to do.</Text>
      <Section style={{ margin: "20px 0" }}>
        <Button href={data.signOutUrl} style={styles.button}>
          Not you? Sign out everywhere
        </Button>
      </Section>
      <Text style={styles.label}>The link signs out every device at once; then set a new password with 'Forgot password?'.</Text>
    </MailLayout>
  );
}

export function EmailConfirmation({ site, data }: { site: SiteInfo; data: EmailConfirmationData }) {
  return (
    <MailLayout site={site} preview="Confirm your new account e-mail" title="Confirm your new account e-mail">
      <Text style={styles.text}>
        This address was given as the admin account e-mail of {site.siteName}. It takes effect when you open the link, which works once, for{" "}
        {data.hours} hours.
      </Text>
      <Section style={{ margin: "20px 0" }}>
        <Button href={data.confirmUrl} style={styles.button}>
          Confirm this address
        </Button>
      </Section>
      <Text style={styles.label}>If you did not ask for it, ignore this mail: nothing changes.</Text>
    </MailLayout>
  );
}
