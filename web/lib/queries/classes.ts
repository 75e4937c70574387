import { queryOptions, useQuery } from "@tanstack/react-query";
import { call } from "../api.ts";

const getClasses = () => call((api) => api.classes.get());

export const classesQueryOptions = () => queryOptions({ queryKey: ["/api/classes"], queryFn: getClasses });

export const useClasses = () => useQuery(classesQueryOptions());
