/** How the customer screens show a gender: only F and M have a name (spec 3), anything else a dash. */
export function genderLabel(gender: string | null | undefined): string {
  if (gender === 'F') return 'Feminino';
  if (gender === 'M') return 'Masculino';
  return '-';
}

export const yesNo = (value: boolean | null | undefined): string => (value ? 'Sim' : 'Não');
