// Admin classes (spec §7, issue 39): the admin's own list (join links included); writes refresh it and the public one.

import type { ClassInput, PassInput } from "@server/shared/schemas.ts";
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { call } from "@web/lib/api.ts";
import { classesQueryOptions } from "@web/lib/queries/classes.ts";

const getAdminClasses = () => call((api) => api.admin.classes.get());
export const adminClassesQueryOptions = () => queryOptions({ queryKey: ["/api/admin/classes"], queryFn: getAdminClasses });
/** A class as the admin sees it: every field, its join link, its next dates. */
export type AdminClass = Awaited<ReturnType<typeof getAdminClasses>>[number];

/** A write's refresh: the admin's list and the public one (which the home page shows). */
function useClassWrite<Input>(write: (input: Input) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: () =>
      Promise.all([
        // The door's rows are under the same key: a write refreshes them too.
        queryClient.invalidateQueries({ queryKey: adminClassesQueryOptions().queryKey }),
        queryClient.invalidateQueries({ queryKey: classesQueryOptions().queryKey }),
      ]),
  });
}

export const useCreateClass = () => useClassWrite((input: ClassInput) => call((api) => api.admin.classes.post(input)));
export const useUpdateClass = () =>
  useClassWrite(({ id, changes }: { id: number; changes: Partial<ClassInput> }) => call((api) => api.admin.classes({ id }).patch(changes)));
export const useDeleteClass = () => useClassWrite((id: number) => call((api) => api.admin.classes({ id }).delete()));

/** 'Cancel this date' (issue 39): the date off, with her message. */
export const useCancelClassDate = () =>
  useClassWrite(({ id, date, reason }: { id: number; date: string; reason: string }) =>
    call((api) => api.admin.classes({ id }).dates({ date }).cancel.post({ reason })),
  );

/** A class date's door (issue 39): its bookings, each with its payment and whether they came. */
export const classDoorQueryOptions = (id: number, date: string) =>
  queryOptions({
    queryKey: ["/api/admin/classes", id, "dates", date, "bookings"],
    queryFn: () => call((api) => api.admin.classes({ id }).dates({ date }).bookings.get()),
    staleTime: 0,
  });

/** The door's writes: who came, and someone at the door; each refreshes the door and the tab's counts. */
export const useMarkAttendance = (id: number, date: string) =>
  useClassWrite(({ bookingId, attended }: { bookingId: number; attended: boolean }) =>
    call((api) => api.admin.classes({ id }).dates({ date }).bookings({ bookingId }).attendance.put({ attended })),
  );
export const useAddAtDoor = (id: number, date: string) =>
  useClassWrite((input: { name: string; email: string; useCredit?: boolean }) =>
    call((api) => api.admin.classes({ id }).dates({ date }).bookings.post(input)),
  );

// Issue 40: the passes she sells, the passes her students hold, and her paper cards imported.
const getPasses = () => call((api) => api.admin.passes.get());
export const passesQueryOptions = () => queryOptions({ queryKey: ["/api/admin/passes"], queryFn: getPasses });
export type PassProduct = Awaited<ReturnType<typeof getPasses>>[number];
const getIssued = (email: string) => call((api) => api.admin.passes.issued.get({ query: email ? { email } : {} }));
export const issuedPassesQueryOptions = (email: string) =>
  queryOptions({ queryKey: ["/api/admin/passes", "issued", email], queryFn: () => getIssued(email) });
export type IssuedPass = Awaited<ReturnType<typeof getIssued>>[number];

/** A pass write: refreshes every pass list (products and those held) and the page's passes on sale. */
function usePassWrite<Input, Output>(write: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: ["/api/admin/passes"] }), queryClient.invalidateQueries({ queryKey: ["/api/passes"] })]),
  });
}

export const useCreatePass = () => usePassWrite((input: PassInput) => call((api) => api.admin.passes.post(input)));
export const useUpdatePass = () =>
  usePassWrite(({ id, changes }: { id: number; changes: Partial<PassInput> }) => call((api) => api.admin.passes({ id }).patch(changes)));
export const useDeletePass = () => usePassWrite((id: number) => call((api) => api.admin.passes({ id }).delete()));
export const useAddPass = () =>
  usePassWrite((input: { email: string; name: string; credits: number; expires: string; amount: number; passId: number | null }) =>
    call((api) => api.admin.passes.issued.post(input)),
  );
export const useAdjustPass = () =>
  usePassWrite(({ id, ...change }: { id: number; credits?: number; expires?: string; note: string }) =>
    call((api) => api.admin.passes.issued({ id }).adjust.post(change)),
  );
export const useImportPasses = () => usePassWrite((csv: string) => call((api) => api.admin.passes.import.post({ csv })));
