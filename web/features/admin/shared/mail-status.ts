// Whether the site sends mail, and how the last mails went (GET /api/admin/mail): the Data Sync tab's Mail card shows
// it, the Subscribers tab asks it before offering a newsletter.

import { queryOptions } from "@tanstack/react-query";
import { call } from "@web/lib/api.ts";

const getMailStatus = () => call((api) => api.admin.mail.get());
/** GET /api/admin/mail: what the Mail card shows. */
export type MailStatus = Awaited<ReturnType<typeof getMailStatus>>;

export const mailStatusQueryOptions = () => queryOptions({ queryKey: ["/api/admin/mail"], queryFn: getMailStatus, refetchInterval: 5000 });
