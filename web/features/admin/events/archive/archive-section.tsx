// Archive entries (the archive_events rows): the spec gives them no screen, but a teacher expects to fix a typo.
// They live inside the Events tab, folded away until asked for.

import { type ArchiveEventInput, archiveEventSchema } from "@server/shared/schemas.ts";
import { css } from "@styled-system/css" with { type: "macro" };
import { badge } from "@styled-system/recipes";
import { useQuery } from "@tanstack/react-query";
import { Button } from "@web/components/ui/button.tsx";
import { Dialog } from "@web/components/ui/dialog.tsx";
import { Select } from "@web/components/ui/select.tsx";
import type { ArchiveEvent } from "@web/lib/api-types.ts";
import { useSchemaResolvedForm } from "@web/lib/schema-form.ts";
import { useEffect } from "react";
import { Controller } from "react-hook-form";
import { FormInput } from "../../shared/form-input.tsx";
import { EditDeleteButtons, ItemDialogs, ItemFormFooter, type ItemFormProps, useItemEditing } from "../../shared/item-dialogs.tsx";
import { CardActions, CardGrid, DisclosurePanel, formGrid, fullRow, ItemCard, Muted, StateText } from "../../shared/layout.tsx";
import { notifyError } from "../../shared/notify.ts";
import { ListCount, ListFilters, ListPager, useListQuery } from "../../shared/paged-list.tsx";
import { RichTextField } from "../../shared/rich-text-field.tsx";
import { AttachmentFormField } from "../attachment-field.tsx";
import { ImageListField } from "../image-list-field.tsx";
import { adminArchivePageQueryOptions, useCreateArchiveEvent, useDeleteArchiveEvent, useUpdateArchiveEvent } from "./api.ts";

export function ArchiveSection() {
  return (
    <DisclosurePanel
      title="Archive Entries"
      description="Past events written into the archive by hand. Events above join the archive by themselves once they have passed."
      id="archive-entries"
      labels={{ show: "Show archive entries", hide: "Hide archive entries" }}
    >
      <ArchiveList />
    </DisclosurePanel>
  );
}

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

function ArchiveList() {
  const list = useListQuery({ year: "all", type: "all" });
  const query = useQuery(adminArchivePageQueryOptions(list.query));
  const years = [{ value: "all", label: "All Years" }, ...(query.data?.years ?? []).map((year) => ({ value: year, label: year }))];
  const types = [{ value: "all", label: "All Types" }, ...(query.data?.types ?? []).map((type) => ({ value: type, label: capitalise(type) }))];
  const items = useItemEditing<ArchiveEvent, ArchiveEventInput>(
    { create: useCreateArchiveEvent(), update: useUpdateArchiveEvent(), remove: useDeleteArchiveEvent() },
    {
      created: "Archive entry created successfully",
      updated: "Archive entry updated successfully",
      deleted: "Archive entry deleted successfully",
      failed: (_, call) => `Failed to ${call} archive entry`,
    },
  );

  useEffect(() => {
    if (query.isError) notifyError(query.error, "Failed to fetch archive entries");
  }, [query.isError, query.error]);

  return (
    <div className={css({ display: "flex", flexDirection: "column", gap: "4" })}>
      <div>
        <Button onClick={() => items.startCreate()}>+ Add Archive Entry</Button>
      </div>
      <ListFilters label="Archive entries" search={list.search} onSearch={list.type}>
        <Select label="Year" options={years} value={list.filters.year} onValueChange={(year) => list.filter({ year })} />
        <Select label="Type" options={types} value={list.filters.type} onValueChange={(type) => list.filter({ type })} />
      </ListFilters>
      <ListCount data={query.data} one="archive entry" many="archive entries" />
      {query.isPending ? (
        <StateText>Loading archive entries...</StateText>
      ) : !query.data?.items.length ? (
        <StateText>No archive entries found</StateText>
      ) : (
        <CardGrid label="Archive entries">
          {query.data.items.map((item) => (
            <ItemCard key={item.id} label={item.title}>
              <div className={css({ display: "flex", gap: "1.5", flexWrap: "wrap" })}>
                <span className={badge({ tone: "neutral" })}>{item.year}</span>
                <span className={badge({ tone: "info" })}>{item.type}</span>
              </div>
              <h3 className={css({ fontWeight: "700", overflowWrap: "anywhere" })}>{item.title}</h3>
              <Muted>{item.date}</Muted>
              {item.images?.length ? <Muted>{item.images.length + 1} photos</Muted> : null}
              <CardActions>
                <EditDeleteButtons name={item.title} onEdit={() => items.startEdit(item)} onDelete={() => items.startDelete(item)} />
              </CardActions>
            </ItemCard>
          ))}
        </CardGrid>
      )}
      <ListPager data={query.data} label="Archive entry pages" onPage={list.goTo} />

      <ItemDialogs
        items={items}
        titles={{ create: "Add Archive Entry", edit: "Edit Archive Entry", delete: "Delete Archive Entry" }}
        deleteDescription="Are you sure you want to delete this archive entry? This action cannot be undone."
        wide
        form={(props) => <ArchiveForm {...props} />}
      />
    </div>
  );
}

type ArchiveValues = {
  title: string;
  date: string;
  type: string;
  year: string;
  description: string;
  image: string;
  images: string[];
  attachmentName: string | null;
  attachmentFile: string | null;
};

const toValues = (item?: ArchiveEvent | null): ArchiveValues => ({
  title: item?.title ?? "",
  date: item?.date ?? "",
  type: item?.type ?? "",
  year: item?.year ?? String(new Date().getFullYear()),
  description: item?.description ?? "",
  image: item?.image ?? "",
  images: item?.images ?? [],
  attachmentName: item?.attachmentName ?? null,
  attachmentFile: item?.attachmentFile ?? null,
});

function ArchiveForm({ item, pending, onSubmit, onCancel }: ItemFormProps<ArchiveEvent, ArchiveEventInput>) {
  const form = useSchemaResolvedForm<ArchiveValues, ArchiveEventInput>(archiveEventSchema, toValues(item));
  const {
    control,
    handleSubmit,
    formState: { errors },
  } = form;
  return (
    <form noValidate onSubmit={handleSubmit(onSubmit)}>
      <Dialog.Body>
        <div className={formGrid}>
          <FormInput form={form} name="title" label="Title" />
          <FormInput form={form} name="date" label="Date" placeholder="e.g. March 15-17, 2024" />
          <FormInput form={form} name="type" label="Type" placeholder="e.g. retreat" />
          <FormInput form={form} name="year" label="Year" placeholder="e.g. 2024" />
          <div className={fullRow}>
            <FormInput form={form} name="image" label="Main Image URL" placeholder="https://… or /uploads/…" />
          </div>
          <RichTextField control={control} name="description" label="Description" className={fullRow} />
          <div className={fullRow}>
            <Controller
              control={control}
              name="images"
              render={({ field }) => (
                <ImageListField label="More Photos" value={field.value} onChange={field.onChange} error={errors.images?.message} />
              )}
            />
          </div>
          <div className={fullRow}>
            <AttachmentFormField control={control} eventId="temp" />
          </div>
        </div>
      </Dialog.Body>
      <ItemFormFooter pending={pending} onCancel={onCancel} submitLabel={item ? "Update Entry" : "Add Entry"} />
    </form>
  );
}
