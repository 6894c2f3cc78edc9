// The back office reports (issue 41, docs/api.md "Reports"): the dashboard's figures, the month's GST report and low stock,
// parsed with domain/reports.ts, and the CSV files, fetched with the admin's token and handed back as a named file.
import { dashboardFigures, gstReport, lowStockReport } from '../../domain/reports';
import type { DashboardFigures, ExportStatus, GstReport, LowStockReport } from '../../domain/reports';
import type { DashboardPeriod } from '../../machines/sales-dashboard.machine';
import { call, toCallError } from './call-error';
import { api } from './client';

/** `GET admin/reports/dashboard?from=&to=`; null: the server's default period (the last 30 days). */
export const getDashboardFigures = (period: DashboardPeriod | null): Promise<DashboardFigures> =>
  call(() => api.get('admin/reports/dashboard', { searchParams: period ? { ...period } : {} }).json(), dashboardFigures);

/** `GET admin/reports/gst?month=` */
export const getGstReport = (month: string): Promise<GstReport> => call(() => api.get('admin/reports/gst', { searchParams: { month } }).json(), gstReport);

/** `GET admin/reports/low-stock`: the flowers on sale below the Settings' threshold, fewest first. */
export const getLowStock = (): Promise<LowStockReport> => call(() => api.get('admin/reports/low-stock').json(), lowStockReport);

export interface ReportFile {
  name: string;
  content: Blob;
}

/** A CSV report as the server named it (Content-Disposition); the admin's token rides along, which a plain link cannot do. */
async function csvFile(path: string, searchParams: Record<string, string>): Promise<ReportFile> {
  try {
    const response = await api.get(path, { searchParams });
    const name = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? 'report.csv';
    return { name, content: await response.blob() };
  } catch (error) {
    throw await toCallError(error);
  }
}

/** `GET admin/reports/orders.csv?from=&to=&status=` */
export const getOrdersCsv = (query: { from: string; to: string; status: ExportStatus }): Promise<ReportFile> => csvFile('admin/reports/orders.csv', { ...query });

/** `GET admin/reports/gst.csv?month=` */
export const getGstCsv = (month: string): Promise<ReportFile> => csvFile('admin/reports/gst.csv', { month });
