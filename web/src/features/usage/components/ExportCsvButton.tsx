import { useState } from 'react';
import { toast } from '../../../lib/toast';
import { errorMessage } from '../../../lib/api-client';
import { downloadUsageCsv } from '../api/usage-api';

/** Downloads the server-built CSV of the usage report (SPEC §9 CSV export). */
export function ExportCsvButton({ videoId }: { videoId: string }) {
  const [busy, setBusy] = useState(false);
  const exportCsv = async () => {
    setBusy(true);
    try {
      await downloadUsageCsv(videoId);
    } catch (error) {
      toast.error(errorMessage(error, 'Export failed'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <button type="button" className="secondary" onClick={() => void exportCsv()} disabled={busy}>
      Export CSV
    </button>
  );
}
