/**
 * How a field's value reads on screen, by its kind (reais, percentages, dates in the stores'
 * zone, Sim/Não, a choice's label): the generated lists' cells.
 */
import { choiceLabel, type FieldDefinition } from '../../contract/define';
import { formatCents, formatDate, formatDateTime } from '../../contract/lib/format';

const percent = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 2 });
const decimal = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 2 });

export function fieldText(field: FieldDefinition, value: unknown, record: Record<string, unknown>): string {
  if (field.text) return field.text(record);
  switch (field.kind) {
    case 'select':
      return choiceLabel(field, value);
    case 'boolean':
      return value ? 'Sim' : 'Não';
    case 'money':
      return value == null ? '' : formatCents(Number(value));
    case 'percent':
      return value == null ? '' : `${percent.format(Number(value))}%`;
    case 'number':
      return value == null ? '' : decimal.format(Number(value));
    case 'date':
      return formatDate(value as string);
    case 'datetime':
      return formatDateTime(value as string);
    default:
      return value == null ? '' : String(value);
  }
}

/** Kinds whose values line up on the right, as numbers do in a table. */
export const NUMERIC_KINDS: ReadonlySet<FieldDefinition['kind']> = new Set(['number', 'money', 'percent']);
