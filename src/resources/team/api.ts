import { httpClient, type Query } from '../../dataProvider/httpClient';
import { recordPath } from '../../../contract/define';
import { admins, type Member } from '../../../contract/resources/admins/definition';

/*
 * The team screens' calls. The store an administrator works on goes along with every one of
 * them (`store_id`): the dataProvider's record calls carry no query.
 */

/** The store an administrator works on, as the API takes it; nothing for staff. */
export const teamQuery = (storeId: number | null): Query | undefined =>
  storeId === null ? undefined : { store_id: storeId };

export const memberApiPath = (id: string | number) => recordPath(admins.endpoint, id);

/** What the add form sends: the profile, the password and the role; never the repetition. */
export async function createMember(values: Record<string, unknown>, storeId: number | null): Promise<Member> {
  const { fullname, email, phone, password, role } = values;
  const body = (await httpClient(admins.endpoint, {
    method: 'POST',
    query: teamQuery(storeId),
    body: { fullname, email, phone, password, role },
  })) as { data: Member };
  return body.data;
}

/** Sends the fields given; the answer carries a new session when one changed one's own password. */
export async function updateMember(
  id: number,
  changes: Record<string, unknown>,
  storeId: number | null,
): Promise<Member & { access_token?: string }> {
  const body = (await httpClient(memberApiPath(id), {
    method: 'PATCH',
    query: teamQuery(storeId),
    body: changes,
  })) as { data: Member & { access_token?: string } };
  return body.data;
}

export async function removeMember(id: number, storeId: number | null): Promise<void> {
  await httpClient(memberApiPath(id), { method: 'DELETE', query: teamQuery(storeId) });
}
