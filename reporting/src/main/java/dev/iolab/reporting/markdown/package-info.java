/**
 * Markdown for reports: the one table writer ({@link dev.iolab.reporting.markdown.MarkdownTable}) and the formats of
 * figures ({@link dev.iolab.reporting.markdown.Figures}).
 */
package dev.iolab.reporting.markdown;
