// @vitest-environment jsdom
import '../../../test/dom';
import '../../../i18n';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { userInfoStore } from '../../../stores/userInfo';
import { ServerHeader } from './ServerHeader';

function show() {
  return render(
    <MemoryRouter initialEntries={['/draw']}>
      <Routes>
        <Route
          path="/draw"
          element={
            <ServerHeader onCreateChannel={() => {}} onEditProfile={() => {}} onSubscribe={() => {}} />
          }
        />
        <Route path="/admin" element={<p>console</p>} />
      </Routes>
    </MemoryRouter>,
  );
}

/** Radix opens its menu on pointerdown (keyboard: Enter). */
function openMenu() {
  const trigger = screen.getByTestId('server-header');
  fireEvent.pointerDown(trigger, { button: 0, ctrlKey: false, pointerType: 'mouse' });
}

describe('server menu', () => {
  afterEach(() => {
    userInfoStore.isAdmin = false;
  });

  it('offers the admin console to a site admin only, and opens it', async () => {
    show();
    openMenu();
    expect(await screen.findByRole('menuitem', { name: '编辑服务器个人资料' })).toBeTruthy();
    expect(screen.queryByTestId('open-admin')).toBeNull();
    fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Escape' });

    act(() => {
      userInfoStore.isAdmin = true;
    });
    openMenu();
    fireEvent.click(await screen.findByRole('menuitem', { name: '管理后台' }));
    expect(await screen.findByText('console')).toBeTruthy();
  });
});
