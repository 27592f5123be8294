import { SHIPMENT_MESSAGES } from '@toolkit/contracts/shipments.ts';
import { countWords } from '../../../../lib/words.ts';
import { QueryState } from '../../../../components/feedback/query-state.tsx';
import { Card, CardTitle } from '../../../../components/ui/card.tsx';
import { useShipmentStock } from '../../api/shipment-stock.ts';

/**
 * The dashboard's stock: per device type, the shipment units in stock against what the buses not
 * yet done still need ("Tablet: 31 in stock, 40 needed, 9 short", a shortage in red), with those
 * installed and faulty beside it.
 */
export function StockBlock({ campaignId }: { campaignId: number }) {
  const stock = useShipmentStock(campaignId);
  return (
    <Card>
      <CardTitle>Stock</CardTitle>
      <div className="mt-2">
        <QueryState
          query={stock}
          noun="stock"
          emptyText="No shipments imported and no units needed yet."
          isEmpty={(d) => d.length === 0}
        >
          {(lines) => (
            <ul aria-label="Stock per device type" className="grid gap-2">
              {lines.map((l) => (
                <li key={l.deviceType} className="flex flex-wrap items-baseline gap-x-3">
                  <span className={l.short > 0 ? 'font-semibold text-destructive' : 'font-semibold'}>
                    {SHIPMENT_MESSAGES.stockLine(l.deviceType, l.inStock, l.needed, l.short)}
                  </span>
                  <span className="text-sm text-muted-foreground">
                    {`${countWords(l.installed)} installed · ${countWords(l.faulty)} faulty`}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </QueryState>
      </div>
    </Card>
  );
}
