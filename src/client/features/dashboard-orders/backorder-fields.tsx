import { Badge } from '@client/components/ui/badge';
import { Checkbox } from '@client/components/ui/checkbox';
import { InputField } from '@client/components/ui/form-field';
import { Label } from '@client/components/ui/label';
import { BACKORDER_LABEL } from '@shared/pricing';

/**
 * A revision line quoted without stock ('Consultar disponibilidad'): it reserves none, and
 * staff give the day they expect to deliver it; left blank, the customer reads 'plazo a
 * confirmar'. Unticked, the line reserves stock like any other.
 */
export function BackorderFields({
  variantId,
  isBackorder,
  expectedOn,
  error,
  onChange,
}: {
  variantId: number;
  isBackorder: boolean;
  expectedOn: string;
  /** The server's message for the delivery day. */
  error?: string;
  onChange: (patch: { isBackorder?: boolean; expectedOn?: string }) => void;
}) {
  const checkboxId = `backorder-${variantId}`;
  return (
    <div className="flex flex-wrap items-end gap-3">
      <div className="flex items-center gap-2 pb-2">
        <Checkbox
          id={checkboxId}
          checked={isBackorder}
          onCheckedChange={(checked) => onChange({ isBackorder: checked === true })}
        />
        <Label htmlFor={checkboxId}>Sin stock (no reserva)</Label>
      </div>
      {isBackorder && (
        <>
          <InputField
            label="Entrega estimada"
            id={`expected-${variantId}`}
            type="date"
            fullWidth={false}
            value={expectedOn}
            error={error}
            onChange={(event) => onChange({ expectedOn: event.target.value })}
          />
          {!expectedOn && (
            <Badge variant="soft-warning" className="mb-2">
              {BACKORDER_LABEL}
            </Badge>
          )}
        </>
      )}
    </div>
  );
}
