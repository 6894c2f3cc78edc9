/**
 * The back office reports (issue 41): the dashboard's figures, the orders CSV, the month's GST report (JSON and
 * CSV) and the flowers low in stock. Admins only: 401 to anonymous callers and 403 to guests and customers before
 * anything else is looked at.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiError } from '../../../domain/errors';
import { dashboardFigures, gstReport, gstReportQuery, lowStockReport, ordersExportQuery, reportPeriodQuery } from '../../../domain/reports';
import { adminRefusals, onlyAdmins } from '../admin/admin-only';
import { lowStockFor } from './low-stock.service';
import { csvHeaders, csvStream } from './report-csv';
import { gstCsvHeader, gstCsvRows, orderCsvCells, orderCsvHeader } from './report-rows';
import { dashboardFiguresFor, exportedOrders, gstReportFor, periodOf } from './reports.service';

const csvFile = z.any().describe('A CSV file: UTF-8 with a byte order mark, a header row, CRLF line ends');

/** `now` is the server's clock: the app's own unless a test fixes it. */
export function adminReportsRoutes(now: () => Date): FastifyPluginAsyncZod {
  return async (app) => {
    onlyAdmins(app);

    app.get(
      '/admin/reports/dashboard',
      {
        schema: {
          tags: ['admin'],
          summary: 'The dashboard’s figures for a period of India days (the last 30 by default, at most 366): sales per day, top products, fresh and everlasting, upcoming deliveries',
          querystring: reportPeriodQuery,
          response: { 200: dashboardFigures, 400: apiError, ...adminRefusals },
        },
      },
      async (request, reply) => {
        void reply.header('cache-control', 'no-store');
        return dashboardFiguresFor(app.db, request.query, now());
      },
    );

    app.get(
      '/admin/reports/orders.csv',
      {
        schema: {
          tags: ['admin'],
          summary: 'Purchases paid in a period (India days), of one status or all, as CSV (UTF-8 with BOM, IST times, GST columns), streamed',
          querystring: ordersExportQuery,
          response: { 200: csvFile, 400: apiError, ...adminRefusals },
        },
      },
      async (request, reply) => {
        const { from, to } = periodOf(request.query, now());
        const status = request.query.status ?? 'all';
        const rows = exportedOrders(app.db, from, to, status);
        void reply.headers(csvHeaders(`orders-${from}-to-${to}${status === 'all' ? '' : `-${status}`}.csv`));
        return reply.send(csvStream(orderCsvHeader, rows, orderCsvCells, (error) => request.log.error({ err: error }, 'orders export cut short')));
      },
    );

    app.get(
      '/admin/reports/gst',
      {
        schema: {
          tags: ['admin'],
          summary: 'A month’s GST summary: taxed sales by rate and by place of supply, intra- and inter-state, exempt sales apart',
          querystring: gstReportQuery,
          response: { 200: gstReport, 400: apiError, ...adminRefusals },
        },
      },
      async (request, reply) => {
        void reply.header('cache-control', 'no-store');
        return gstReportFor(app.db, request.query.month);
      },
    );

    app.get(
      '/admin/reports/gst.csv',
      {
        schema: {
          tags: ['admin'],
          summary: 'The month’s GST summary as CSV in the return’s sections (GSTR-1 B2CS and nil/exempt, GSTR-3B 3.1 and 3.2)',
          querystring: gstReportQuery,
          response: { 200: csvFile, 400: apiError, ...adminRefusals },
        },
      },
      async (request, reply) => {
        const report = await gstReportFor(app.db, request.query.month);
        void reply.headers(csvHeaders(`gst-${report.month}.csv`));
        return reply.send(csvStream(gstCsvHeader, arrayRows(gstCsvRows(report)), (row) => row, (error) => request.log.error({ err: error }, 'GST CSV cut short')));
      },
    );

    app.get(
      '/admin/reports/low-stock',
      {
        schema: {
          tags: ['admin'],
          summary: 'The flowers on sale with fewer in stock than the Settings’ low stock threshold, fewest first',
          response: { 200: lowStockReport, 400: apiError, ...adminRefusals },
        },
      },
      async (_request, reply) => {
        void reply.header('cache-control', 'no-store');
        return lowStockFor(app.db, app.config.shop);
      },
    );
  };
}

async function* arrayRows<T>(rows: readonly T[]) {
  yield* rows;
}
