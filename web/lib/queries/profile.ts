import { queryOptions, useQuery } from "@tanstack/react-query";
import { call } from "../api.ts";

const getProfile = () => call((api) => api.profile.get());

export const profileQueryOptions = () => queryOptions({ queryKey: ["/api/profile"], queryFn: getProfile });

export const useProfile = () => useQuery(profileQueryOptions());
