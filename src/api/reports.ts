// The back office reports (issue 41, docs/api.md "Reports"): the dashboard's figures, the month's GST report and low stock,
// parsed with domain/reports.ts, and the CSV files, fetched with the admin's token as named files (file-download.ts).
import { dashboardFigures, gstReport, lowStockReport } from '../../domain/reports';
import type { DashboardFigures, ExportStatus, GstReport, LowStockReport } from '../../domain/reports';
import type { DashboardPeriod } from '../../machines/sales-dashboard.machine';
import { call } from './call-error';
import { api } from './client';
import { downloadedFile } from './file-download';
import type { DownloadedFile } from './file-download';

/** `GET admin/reports/dashboard?from=&to=`; null: the server's default period (the last 30 days). */
export const getDashboardFigures = (period: DashboardPeriod | null): Promise<DashboardFigures> =>
  call(() => api.get('admin/reports/dashboard', { searchParams: period ? { ...period } : {} }).json(), dashboardFigures);

/** `GET admin/reports/gst?month=` */
export const getGstReport = (month: string): Promise<GstReport> => call(() => api.get('admin/reports/gst', { searchParams: { month } }).json(), gstReport);

/** `GET admin/reports/low-stock`: the flowers on sale below the Settings' threshold, fewest first. */
export const getLowStock = (): Promise<LowStockReport> => call(() => api.get('admin/reports/low-stock').json(), lowStockReport);

/** `GET admin/reports/orders.csv?from=&to=&status=` */
export const getOrdersCsv = (query: { from: string; to: string; status: ExportStatus }): Promise<DownloadedFile> => downloadedFile('admin/reports/orders.csv', { ...query }, 'orders.csv');

/** `GET admin/reports/gst.csv?month=` */
export const getGstCsv = (month: string): Promise<DownloadedFile> => downloadedFile('admin/reports/gst.csv', { month }, 'gst.csv');
