import { useNavigate } from '@tanstack/react-router';
import type { FormEvent } from 'react';
import { PageHeader } from '@client/components/page-header';
import { Button } from '@client/components/ui/button';
import { InputField } from '@client/components/ui/form-field';
import { useTextInput } from '@client/lib/use-text-input';
import { CompanyPriceRules } from './company-price-rules';

/**
 * /dashboard/precios: a company's price rules by its number. A stop-gap until the dashboard's
 * company page (issue 31) mounts CompanyPriceRules itself; then this page goes.
 */
export function PriceRulesPage({ companyId }: { companyId: number | undefined }) {
  const navigate = useNavigate();
  const typed = useTextInput(companyId ? String(companyId) : '');
  const open = (event: FormEvent) => {
    event.preventDefault();
    const id = Number(typed.value);
    if (Number.isInteger(id) && id > 0) {
      void navigate({ to: '/dashboard/precios', search: { empresa: id } });
    }
  };
  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title="Precios por empresa"
        description="Reglas de precio acordadas con cada empresa."
      />
      <form onSubmit={open} className="flex flex-wrap items-end gap-2" aria-label="Elegir empresa">
        <InputField
          id="company-id"
          label="Empresa N°"
          type="number"
          inputMode="numeric"
          min={1}
          fullWidth={false}
          className="w-32"
          {...typed.props}
        />
        <Button type="submit" variant="outline">
          Ver reglas
        </Button>
      </form>
      {companyId && <CompanyPriceRules key={companyId} companyId={companyId} />}
    </div>
  );
}
