// Admin classes (spec §7): the list is the public GET /api/classes; writes refresh it.

import type { ClassInput } from "@server/shared/schemas.ts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { call, serverMessageOr } from "@web/lib/api.ts";
import { classesQueryOptions } from "@web/lib/queries/classes.ts";
import { notifyError, notifySuccess } from "../shared/notify.ts";

/** What failed, then the server's string error when it gave one, else the spec's fallback. */
const serverStringOr = (error: unknown, failed: string) => {
  const message = serverMessageOr(error, "");
  return message.trim() ? `${failed}: ${message}` : `${failed}. Please check the console for details.`;
};

export function useCreateClass() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ClassInput) => call((api) => api.admin.classes.post(input)),
    onSuccess: async () => {
      notifySuccess("Class created successfully");
      await queryClient.invalidateQueries({ queryKey: classesQueryOptions().queryKey });
    },
    onError: (error) => notifyError(error, serverStringOr(error, "Failed to create class")),
  });
}

export function useUpdateClass() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, changes }: { id: number; changes: Partial<ClassInput> }) => call((api) => api.admin.classes({ id }).patch(changes)),
    onSuccess: async () => {
      notifySuccess("Class updated successfully");
      await queryClient.invalidateQueries({ queryKey: classesQueryOptions().queryKey });
    },
    onError: (error) => notifyError(error, serverStringOr(error, "Failed to update class")),
  });
}

export function useDeleteClass() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call((api) => api.admin.classes({ id }).delete()),
    onSuccess: async () => {
      notifySuccess("Class deleted successfully");
      await queryClient.invalidateQueries({ queryKey: classesQueryOptions().queryKey });
    },
    onError: (error) => notifyError(error, "Failed to delete class"),
  });
}
