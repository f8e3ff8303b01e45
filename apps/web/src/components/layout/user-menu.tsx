import { ChevronsUpDownIcon, KeyRoundIcon, LogOutIcon } from 'lucide-react';
import { useState } from 'react';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { ChangePasswordDialog } from '@/features/auth/change-password-dialog';
import { useCurrentUser } from '@/features/auth/use-current-user';
import { useLogout } from '@/features/auth/use-logout';
import { cn, initials } from '@/lib/utils';

function Avatar({ text }: { text: string }) {
  return (
    <span
      aria-hidden
      className="flex size-9 shrink-0 items-center justify-center rounded-full bg-primary font-medium text-primary-foreground text-xs"
    >
      {text}
    </span>
  );
}

/** The sidebar's user menu: full name (or "User") and email, Change Password, Logout. */
export function UserMenu({ collapsed }: { collapsed: boolean }) {
  const { data: user } = useCurrentUser();
  const logout = useLogout();
  const [changeOpen, setChangeOpen] = useState(false);
  const name = user?.fullName?.trim() || 'User';
  const email = user?.email ?? '';

  return (
    <>
      <DropdownMenu>
        <DropdownMenuTrigger
          className={cn(
            'flex w-full cursor-pointer items-center gap-3 rounded-md text-left outline-none transition-colors hover:bg-sidebar-accent focus-visible:ring-[3px] focus-visible:ring-sidebar-ring/50 data-[state=open]:bg-sidebar-accent',
            collapsed ? 'justify-center p-1.5' : 'p-2',
          )}
        >
          {/* The name starts with what the button is and goes on with the name and email shown. */}
          <span className="sr-only">User menu</span>
          <Avatar text={initials(user?.fullName, email)} />
          {!collapsed && (
            <>
              <span className="grid min-w-0 flex-1 leading-tight">
                <span className="truncate font-medium text-sm">{name}</span>
                <span className="truncate text-muted-foreground text-xs">{email}</span>
              </span>
              <ChevronsUpDownIcon className="size-4 shrink-0 text-muted-foreground" aria-hidden />
            </>
          )}
        </DropdownMenuTrigger>
        <DropdownMenuContent
          side={collapsed ? 'right' : 'top'}
          align={collapsed ? 'end' : 'start'}
          sideOffset={8}
          className="w-(--radix-dropdown-menu-trigger-width) min-w-56"
        >
          <DropdownMenuLabel className="flex items-center gap-3 font-normal">
            <Avatar text={initials(user?.fullName, email)} />
            <span className="grid min-w-0 leading-tight">
              <span className="truncate font-medium text-sm">{name}</span>
              <span className="truncate text-muted-foreground text-xs">{email}</span>
            </span>
          </DropdownMenuLabel>
          <DropdownMenuSeparator />
          <DropdownMenuItem onSelect={() => setChangeOpen(true)}>
            <KeyRoundIcon aria-hidden />
            Change Password
          </DropdownMenuItem>
          <DropdownMenuItem disabled={logout.isPending} onSelect={() => logout.mutate()}>
            <LogOutIcon aria-hidden />
            Logout
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
      <ChangePasswordDialog open={changeOpen} onOpenChange={setChangeOpen} />
    </>
  );
}
