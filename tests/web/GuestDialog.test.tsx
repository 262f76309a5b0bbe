import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { GuestDialog } from '../../src/resources/floor/GuestDialog';

function open() {
  const onConfirm = vi.fn();
  render(
    <GuestDialog
      open
      title="Abrir a mesa 7"
      confirmLabel="Abrir mesa"
      busy={false}
      onConfirm={onConfirm}
      onClose={vi.fn()}
    />,
  );
  return { onConfirm, user: userEvent.setup() };
}

describe('who a table is opened for (GuestDialog)', () => {
  it('sends a named guest with the phone as its digits', async () => {
    const { onConfirm, user } = open();
    expect(screen.getByRole('dialog', { name: 'Abrir a mesa 7' })).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Nome do cliente' }), '  Joana Prado ');
    await user.type(screen.getByRole('textbox', { name: 'Telefone (opcional)' }), '11987654321');
    expect(screen.getByRole('textbox', { name: 'Telefone (opcional)' })).toHaveValue('(11) 98765-4321');
    await user.click(screen.getByRole('button', { name: 'Abrir mesa' }));
    expect(onConfirm).toHaveBeenCalledExactlyOnceWith({
      guest_name: 'Joana Prado',
      guest_phone: '11987654321',
    });
  });

  it('asks for the name, and for a whole phone, before sending anything', async () => {
    const { onConfirm, user } = open();
    await user.click(screen.getByRole('button', { name: 'Abrir mesa' }));
    expect(await screen.findByText('Informe o nome do cliente.')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Nome do cliente' }), 'Ana');
    await user.type(screen.getByRole('textbox', { name: 'Telefone (opcional)' }), '1198');
    await user.click(screen.getByRole('button', { name: 'Abrir mesa' }));
    expect(screen.getByRole('textbox', { name: 'Telefone (opcional)' })).toHaveAccessibleDescription(
      'Informe um número de telefone válido (XX) XXXXX-XXXX',
    );
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it("opens for the table itself with no name asked ('Pedido da mesa')", async () => {
    const { onConfirm, user } = open();
    await user.click(screen.getByRole('radio', { name: 'Pedido da mesa (sem cliente)' }));
    expect(screen.queryByRole('textbox', { name: 'Nome do cliente' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Abrir mesa' }));
    expect(onConfirm).toHaveBeenCalledExactlyOnceWith({});
  });
});
