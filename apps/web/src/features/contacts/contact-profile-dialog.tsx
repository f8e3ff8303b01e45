import type { Contact, ContactActivity } from '@prospector/contracts';
import { useQuery } from '@tanstack/react-query';
import { Badge } from '@/components/ui/badge';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { ContactSuppressionNote } from '@/features/suppressions/contact-suppression-note';
import { ContactCustomFields } from './contact-custom-fields';
import { ContactLeadStatus } from './contact-lead-status';
import { ContactStatusBadges, contactName } from './contact-status-badges';
import { ContactTimeline } from './contact-timeline';

function Field({ label, value }: { label: string; value: string | null | undefined }) {
  if (!value) return null;
  return (
    <div className="grid min-w-0 gap-0.5">
      <dt className="text-muted-foreground text-xs">{label}</dt>
      <dd className="break-words text-sm">{value}</dd>
    </div>
  );
}

/** A contact's profile: its fields and custom fields (editable), lists, sequences with each enrolment's state, lead status and timeline. */
export function ContactProfileDialog({ contact, onClose }: { contact: Contact | null; onClose: () => void }) {
  const activity = useQuery<ContactActivity>({
    queryKey: ['/api/contacts', contact?.id ?? '', 'activity'],
    enabled: Boolean(contact),
  });
  return (
    <Dialog open={Boolean(contact)} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-h-[90dvh] overflow-y-auto sm:max-w-2xl">
        {contact && (
          <>
            <DialogHeader>
              <DialogTitle>{contactName(contact)}</DialogTitle>
              <DialogDescription>{contact.email}</DialogDescription>
            </DialogHeader>
            <ContactStatusBadges contact={contact} />
            <ContactSuppressionNote contactId={contact.id} />
            <dl className="grid gap-3 sm:grid-cols-2">
              <Field label="First name" value={contact.firstName} />
              <Field label="Last name" value={contact.lastName} />
              <Field label="Title" value={contact.title} />
              <Field label="Company" value={contact.organizationName} />
              <Field label="Industry" value={contact.industry} />
              <Field
                label="Location"
                value={[contact.city, contact.state, contact.country].filter(Boolean).join(', ')}
              />
              <Field label="LinkedIn" value={contact.linkedinUrl} />
              <Field label="Headline" value={contact.headline} />
            </dl>
            <ContactCustomFields key={contact.id} contact={contact} />
            {contact.leadStatus && <ContactLeadStatus contact={contact} />}
            {activity.isPending ? (
              <Spinner className="mx-auto size-6" label="Loading activity" />
            ) : activity.isError ? (
              <p className="text-destructive text-sm">The activity could not be loaded.</p>
            ) : (
              <>
                <section className="grid gap-2" aria-labelledby="profile-lists">
                  <h3 id="profile-lists" className="font-medium text-sm">
                    Email lists
                  </h3>
                  {activity.data.lists.length === 0 ? (
                    <p className="text-muted-foreground text-sm">In no email list.</p>
                  ) : (
                    <ul className="flex flex-wrap gap-1.5">
                      {activity.data.lists.map((list) => (
                        <li key={list.id}>
                          <Badge variant="secondary">{list.name}</Badge>
                        </li>
                      ))}
                    </ul>
                  )}
                </section>
                <section className="grid gap-2" aria-labelledby="profile-sequences">
                  <h3 id="profile-sequences" className="font-medium text-sm">
                    Sequences
                  </h3>
                  {activity.data.sequences.length === 0 ? (
                    <p className="text-muted-foreground text-sm">Not enrolled in a sequence.</p>
                  ) : (
                    <ul className="grid gap-1 text-sm">
                      {activity.data.sequences.map((sequence) => (
                        <li key={sequence.id} className="grid gap-0.5">
                          <span className="flex items-center justify-between gap-2">
                            <span className="min-w-0 truncate">{sequence.name}</span>
                            <Badge variant="outline" className="capitalize">
                              {sequence.status}
                            </Badge>
                          </span>
                          {sequence.reason && (
                            <span className="break-words text-muted-foreground text-xs">
                              {sequence.reason}
                            </span>
                          )}
                        </li>
                      ))}
                    </ul>
                  )}
                </section>
                <section className="grid gap-2" aria-labelledby="profile-activity">
                  <h3 id="profile-activity" className="font-medium text-sm">
                    Activity
                  </h3>
                  <ContactTimeline events={activity.data.events} />
                </section>
              </>
            )}
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}
