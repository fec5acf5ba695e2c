import { ConfirmDialog } from '@clearing-desk/ui';
import { screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { db } from '@/testing/mocks/db';
import { createStaffUser, renderWithProviders } from '@/testing/test-utils';
import { useLogout } from '../../api/logout';

/** A screen with a confirm dialog (as the application form opens them) and a sign-out button. */
function Screen({ onCancel }: { onCancel: () => void }) {
  const [open, setOpen] = useState(false);
  const logout = useLogout();
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Remove qualification
      </button>
      <button type="button" onClick={() => logout.mutate()}>
        Sign out
      </button>
      <ConfirmDialog
        open={open}
        title="Are you sure you want to remove this qualification?"
        confirmLabel="Yes, remove it"
        onConfirm={() => setOpen(false)}
        onCancel={() => {
          onCancel();
          setOpen(false);
        }}
      />
    </>
  );
}

describe('confirm dialogs on sign-out', () => {
  it('closes an open confirm dialog (as cancelled) when the user signs out (spec section 4)', async () => {
    const onCancel = jest.fn();
    const { user } = renderWithProviders(<Screen onCancel={onCancel} />, { user: createStaffUser() });
    await user.click(screen.getByRole('button', { name: 'Remove qualification' }));
    expect(screen.getByRole('dialog', { name: 'Are you sure you want to remove this qualification?' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Sign out' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(onCancel).toHaveBeenCalledTimes(1);
    expect(db.sessionUser).toBeNull();
  });
});
