// The store as the issuer of its fiscal documents: the columns of 'Datos de la empresa' that
// DGI asks beside the razón social and RUT, and when the e-Factura is issued. Saved apart from
// the rest of the profile, by its own form, so neither save overwrites the other
// (docs/decisions/086-invoices-through-a-certified-provider.md).
import { eq } from 'drizzle-orm';
import { DEFAULT_UI_VALUE, type InvoicingSettingsInput } from '@shared/schemas/invoicing-settings';
import type { Config } from '../../config';
import type { Database, Executor } from '../../db/client';
import { storeProfile } from '../../db/schema';
import { changedFields, recordAudit } from '../infra/audit';
import { defaultStoreProfile } from './store-profile';

const STORE_ROW_ID = 1;

/** What staff edit, as the form shows it (the branch code as text, '' when none). */
export type InvoicingSettingsView = {
  dgiBranchCode: string;
  dgiResolution: string;
  fiscalAddress: string;
  fiscalCity: string;
  fiscalDepartment: string;
  invoiceOn: 'acceptance' | 'dispatch';
  uiValue: string;
};

/** Everything a document's issuer needs: the profile's razón social and RUT with the above. */
export type StoreIssuer = {
  rut: string | null;
  legalName: string;
  branchCode: number | null;
  /** DGI's resolution admitting the store as issuer ('1234/2023'), printed on each CFE. */
  resolution: string | null;
  fiscalAddress: string | null;
  city: string | null;
  department: string | null;
  uiValue: string;
  invoiceOn: 'acceptance' | 'dispatch';
};

const columns = {
  legalName: storeProfile.legalName,
  rut: storeProfile.rut,
  branchCode: storeProfile.dgiBranchCode,
  resolution: storeProfile.dgiResolution,
  fiscalAddress: storeProfile.fiscalAddress,
  city: storeProfile.fiscalCity,
  department: storeProfile.fiscalDepartment,
  uiValue: storeProfile.uiValue,
  invoiceOn: storeProfile.invoiceOn,
};

/** The store as issuer: the saved row, or a store that never saved its data (nothing set). */
export async function getStoreIssuer(db: Executor, config: Config): Promise<StoreIssuer> {
  const [row] = await db.select(columns).from(storeProfile).limit(1);
  if (row) return row;
  const defaults = defaultStoreProfile(config);
  return {
    legalName: defaults.legalName,
    rut: defaults.rut,
    branchCode: null,
    resolution: null,
    fiscalAddress: null,
    city: null,
    department: null,
    uiValue: DEFAULT_UI_VALUE,
    invoiceOn: 'acceptance',
  };
}

export const invoicingSettingsView = (issuer: StoreIssuer): InvoicingSettingsView => ({
  dgiBranchCode: issuer.branchCode === null ? '' : String(issuer.branchCode),
  dgiResolution: issuer.resolution ?? '',
  fiscalAddress: issuer.fiscalAddress ?? '',
  fiscalCity: issuer.city ?? '',
  fiscalDepartment: issuer.department ?? '',
  invoiceOn: issuer.invoiceOn,
  uiValue: issuer.uiValue,
});

/** 'Guardar' of 'Facturación electrónica': the row (created if missing) and its activity entry. */
export async function updateInvoicingSettings(
  db: Database,
  config: Config,
  input: InvoicingSettingsInput,
  userId: number,
): Promise<InvoicingSettingsView> {
  return db.transaction(async (tx) => {
    const { logoUrl: _logo, ...defaults } = defaultStoreProfile(config);
    await tx
      .insert(storeProfile)
      .values({ id: STORE_ROW_ID, ...defaults })
      .onConflictDoNothing();
    const [before] = await tx
      .select(columns)
      .from(storeProfile)
      .where(eq(storeProfile.id, STORE_ROW_ID))
      .for('update');
    const values = {
      dgiBranchCode: input.dgiBranchCode,
      dgiResolution: input.dgiResolution || null,
      fiscalAddress: input.fiscalAddress || null,
      fiscalCity: input.fiscalCity || null,
      fiscalDepartment: input.fiscalDepartment || null,
      invoiceOn: input.invoiceOn,
      uiValue: input.uiValue,
    };
    const [after] = await tx
      .update(storeProfile)
      .set(values)
      .where(eq(storeProfile.id, STORE_ROW_ID))
      .returning(columns);
    const changes = changedFields<Record<string, unknown>>(
      invoicingSettingsView(before!),
      invoicingSettingsView(after!),
    );
    if (Object.keys(changes).length > 0) {
      await recordAudit(tx, {
        userId,
        entityType: 'store',
        entityId: STORE_ROW_ID,
        action: 'update',
        label: 'Datos de la empresa',
        changes,
      });
    }
    return invoicingSettingsView(after!);
  });
}
