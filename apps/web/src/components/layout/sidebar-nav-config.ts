import {
  ActivityIcon,
  BarChart3Icon,
  BlocksIcon,
  InboxIcon,
  ListIcon,
  type LucideIcon,
  MailIcon,
  MegaphoneIcon,
  RepeatIcon,
  SearchIcon,
  SendIcon,
  SettingsIcon,
  UsersIcon,
  WorkflowIcon,
} from 'lucide-react';

/** Sidebar groups and links, exactly as spec section 2 "Sidebar" lists them. */

export interface NavItem {
  label: string;
  href: string;
  icon: LucideIcon;
  /** Whether the item is highlighted for a path; defaults to the href and anything below it. */
  isActive?: (pathname: string) => boolean;
  /** A live count shown beside the label. */
  count?: 'inbox-unread';
}

interface NavGroupBase {
  id: string;
  label: string;
  icon: LucideIcon;
}

/** A collapsible group of links. */
export interface NavLinkGroup extends NavGroupBase {
  kind: 'group';
  items: NavItem[];
}

/** A group that is a single link (INTEGRATIONS, SETTINGS). */
export interface NavSingleLink extends NavGroupBase {
  kind: 'link';
  item: NavItem;
}

/** A group that exists but has no screen yet (REPORTS). */
export interface NavComingSoon extends NavGroupBase {
  kind: 'coming-soon';
}

export type NavGroup = NavLinkGroup | NavSingleLink | NavComingSoon;

const under = (prefix: string) => (pathname: string) =>
  pathname === prefix || pathname.startsWith(`${prefix}/`);

export const NAV_GROUPS: NavGroup[] = [
  {
    kind: 'group',
    id: 'contacts-hub',
    label: 'CONTACTS HUB',
    icon: UsersIcon,
    items: [
      { label: 'Leads Finder', href: '/contacts-hub/leads-finder', icon: SearchIcon },
      { label: 'Email Lists', href: '/personas', icon: ListIcon },
    ],
  },
  {
    kind: 'group',
    id: 'campaign-builder',
    label: 'CAMPAIGN BUILDER',
    icon: MegaphoneIcon,
    items: [
      {
        label: 'Sequences',
        href: '/sequences',
        icon: RepeatIcon,
        isActive: (p) => p === '/' || under('/sequences')(p),
      },
      { label: 'Workflows', href: '/workflows', icon: WorkflowIcon },
      {
        label: 'Email Sending',
        href: '/campaign-builder/email-sending',
        icon: SendIcon,
        isActive: (p) => under('/campaign-builder/email-sending')(p) || under('/templates')(p),
      },
      { label: 'Inbox', href: '/campaign-builder/replies', icon: InboxIcon, count: 'inbox-unread' },
    ],
  },
  { kind: 'coming-soon', id: 'reports', label: 'REPORTS', icon: BarChart3Icon },
  {
    kind: 'group',
    id: 'email-connections',
    label: 'EMAIL CONNECTIONS',
    icon: MailIcon,
    items: [{ label: 'Gsuite', href: '/connection/gmail', icon: MailIcon }],
  },
  {
    kind: 'link',
    id: 'integrations',
    label: 'INTEGRATIONS',
    icon: BlocksIcon,
    item: { label: 'Integrations', href: '/integrations', icon: BlocksIcon },
  },
  {
    kind: 'link',
    id: 'activity',
    label: 'ACTIVITY',
    icon: ActivityIcon,
    item: { label: 'Activity', href: '/activity', icon: ActivityIcon },
  },
  {
    kind: 'link',
    id: 'settings',
    label: 'SETTINGS',
    icon: SettingsIcon,
    item: { label: 'Settings', href: '/settings', icon: SettingsIcon },
  },
];

/** Groups open on a first visit (spec: EMAIL CONNECTIONS is open by default). */
export const DEFAULT_OPEN_GROUPS = ['email-connections'];
export const OPEN_GROUPS_STORAGE_KEY = 'sidebarOpenGroups';

export function isItemActive(item: NavItem, pathname: string): boolean {
  return item.isActive ? item.isActive(pathname) : under(item.href)(pathname);
}

export function isGroupActive(group: NavGroup, pathname: string): boolean {
  if (group.kind === 'group') return group.items.some((item) => isItemActive(item, pathname));
  if (group.kind === 'link') return isItemActive(group.item, pathname);
  return false;
}

/** Paths like /campaigns/abc force the sidebar collapsed; /campaigns itself does not. */
export function isForcedCollapsedPath(pathname: string): boolean {
  return /^\/campaigns\/.+/.test(pathname);
}
