import assert from 'node:assert/strict';
import type { Profile, StaffUser } from '@appointment/contracts/accounts';
import { Then, When, type DataTable } from '@cucumber/cucumber';
import {
  deleteAccount,
  pendingProvidersRequest,
  profileOf,
  profileRequest,
  staffList,
  updateProfile,
} from '../drivers/accounts';
import type { Person, PlatformWorld } from '../support/world';

When('a visitor who has not signed in asks for the staff list', async function (this: PlatformWorld) {
  await staffList(this, undefined);
});

When('{person} asks for the staff list', async function (this: PlatformWorld, name: string) {
  await staffList(this, this.person(name));
});

When(
  '{person} asks for the providers waiting for approval',
  async function (this: PlatformWorld, name: string) {
    await pendingProvidersRequest(this, this.person(name));
  },
);

Then('{person} sees exactly this staff:', function (this: PlatformWorld, name: string, table: DataTable) {
  const { status, body } = this.person(name).lastResponse ?? {};
  assert.equal(status, 200, `${name} cannot see the staff list: ${JSON.stringify(body)}`);
  const seen = (body as { businessUsers: StaffUser[] }).businessUsers
    .map((user) => ({ 'e-mail': user.email, role: user.role }))
    .sort((a, b) => a['e-mail'].localeCompare(b['e-mail']));
  const expected = table.hashes().sort((a, b) => a['e-mail']!.localeCompare(b['e-mail']!));
  assert.deepEqual(seen, expected);
});

const idOf = (person: Person): string => {
  assert.ok(person.userId, `${person.name} has not signed in, so their account is unknown`);
  return person.userId;
};

When(
  "{person} asks for {person}'s profile",
  async function (this: PlatformWorld, name: string, other: string) {
    const id = idOf(this.person(other));
    // Every way a client could name another account, tried at once.
    await profileRequest(
      this,
      this.person(name),
      `?id=${id}&userId=${id}&user=${id}&email=${encodeURIComponent(this.person(other).email)}`,
    );
  },
);

Then(
  "{person} is shown her/his/their own profile, not {person}'s",
  function (this: PlatformWorld, name: string, other: string) {
    const person = this.person(name);
    const { status, body } = person.lastResponse ?? {};
    assert.equal(status, 200, `${name} was shown no profile: ${JSON.stringify(body)}`);
    const profile = (body as { data: Profile }).data;
    assert.equal(profile.id, idOf(person));
    assert.equal(profile.email, person.email);
    assert.notEqual(profile.id, idOf(this.person(other)));
  },
);

When(
  '{person} tries to rename {person} to {string}',
  async function (this: PlatformWorld, name: string, other: string, newName: string) {
    const person = this.person(name);
    const own = await profileOf(this, person);
    const id = idOf(this.person(other));
    await updateProfile(this, person, { ...own, id, userId: id, name: newName });
  },
);

const showsName = async function (this: PlatformWorld, name: string, expected: string) {
  assert.equal((await profileOf(this, this.person(name))).name, expected);
};
Then("{person}'s profile still shows the name {string}", showsName);
Then("{person}'s own profile now shows the name {string}", showsName);

Then(
  "{person}'s profile still shows the e-mail {string}",
  async function (this: PlatformWorld, name: string, email: string) {
    assert.equal((await profileOf(this, this.person(name))).email, email);
  },
);

When(
  "{person} changes the e-mail address in her/his/their profile to {person}'s",
  async function (this: PlatformWorld, name: string, other: string) {
    const person = this.person(name);
    const own = await profileOf(this, person);
    // Changing the address takes the current password.
    await updateProfile(this, person, {
      ...own,
      email: this.person(other).email,
      currentPassword: person.password,
    });
  },
);

When(
  "{person} tries to delete {person}'s account",
  async function (this: PlatformWorld, name: string, other: string) {
    await deleteAccount(this, this.person(name), { id: idOf(this.person(other)) });
  },
);
