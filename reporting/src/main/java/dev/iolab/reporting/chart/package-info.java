/**
 * Charts for reports, drawn by JFreeChart in one style: {@link dev.iolab.reporting.chart.ChartStyle} (colour-blind-safe
 * colours, ceilings as reference lines, PNG) and {@link dev.iolab.reporting.chart.LineChart}.
 */
package dev.iolab.reporting.chart;
