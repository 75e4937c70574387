// My practice's calls (issue 40): the sign-in by a mailed code, her page's data, and what she does on it. The session
// is an HttpOnly cookie the browser sends by itself; a 401 is "not signed in".
import type { PassCheckoutInput } from "@server/shared/schemas.ts";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ApiError, call } from "@web/lib/api.ts";
import { passesOnSaleQueryOptions } from "@web/lib/queries/passes.ts";

const PRACTICE = ["/api/practice"];

/** Her page's data; null when she is not signed in. `enabled`: false while a mailed link signs her in. */
export const usePractice = (enabled: boolean) =>
  useQuery({
    queryKey: PRACTICE,
    enabled,
    queryFn: async () => {
      try {
        return await call((api) => api.practice.get());
      } catch (error) {
        if (error instanceof ApiError && error.status === 401) return null;
        throw error;
      }
    },
    retry: false,
  });
export type Overview = NonNullable<ReturnType<typeof usePractice>["data"]>;

export const usePassesOnSale = () => useQuery(passesOnSaleQueryOptions());

/** After anything she does: her page, and the places the public page shows. */
function useChanged() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: PRACTICE });
    void queryClient.invalidateQueries({ queryKey: ["/api/classes"] });
  };
}

export const useSendCode = () => useMutation({ mutationFn: (email: string) => call((api) => api.practice["sign-in"].post({ email })) });

export function useVerify() {
  const changed = useChanged();
  return useMutation({
    mutationFn: (input: { email: string; code: string }) => call((api) => api.practice.verify.post(input)),
    onSuccess: changed,
  });
}

export function useSignOut() {
  const changed = useChanged();
  return useMutation({
    mutationFn: (everywhere: boolean) => call((api) => (everywhere ? api.practice["sign-out-everywhere"].post() : api.practice["sign-out"].post())),
    onSuccess: changed,
  });
}

export function useBook() {
  const changed = useChanged();
  return useMutation({
    mutationFn: (input: { classId: number; date: string }) => call((api) => api.practice.bookings.post(input)),
    onSettled: changed,
  });
}

export function useCancel() {
  const changed = useChanged();
  return useMutation({
    mutationFn: (bookingId: number) => call((api) => api.practice.bookings({ bookingId }).delete()),
    onSettled: changed,
  });
}

export function useStanding() {
  const changed = useChanged();
  const start = useMutation({
    mutationFn: (input: { classId: number; weekday: number }) => call((api) => api.practice.standing.post(input)),
    onSettled: changed,
  });
  const end = useMutation({ mutationFn: (id: number) => call((api) => api.practice.standing({ id }).delete()), onSettled: changed });
  return { start, end };
}

export const useBuyPass = () =>
  useMutation({
    mutationFn: ({ id, ...input }: PassCheckoutInput & { id: number }) => call((api) => api.passes({ id }).checkout.post(input)),
    onSuccess: (answer) => window.location.assign(answer.checkoutUrl),
  });
