package dev.iolab.reporting.markdown;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;

/**
 * A GitHub-flavoured Markdown table: the header, the alignment row, then the rows. Text columns are left-aligned and
 * figure columns right-aligned, so that the digits of a rendered column line up. A cell may hold any text: a {@code |}
 * is escaped and a line break becomes {@code <br>}, so no cell can break the table; a {@code null} cell is written
 * as {@link Figures#NONE}.
 *
 * <pre>
 * String md = new MarkdownTable(List.of("size", "ms", "MB/s"), 1)
 *         .row("64", "3.88", "16.11")
 *         .render();
 * String study = new MarkdownTable().left("strategy").right("accepted").left("refused")
 *         .row("on-demand", 125, "75 (queue-full 75)")
 *         .render();
 * </pre>
 */
public final class MarkdownTable {

    /** How a column's cells are aligned. */
    public enum Align {
        LEFT("---"),
        RIGHT("---:");

        private final String rule;

        Align(String rule) {
            this.rule = rule;
        }
    }

    private final List<String> header;
    private final List<Align> alignment;
    private final List<List<String>> rows = new ArrayList<>();

    /** A table without columns yet: add them, in order, with {@link #left} and {@link #right} before any row. */
    public MarkdownTable() {
        this.header = new ArrayList<>();
        this.alignment = new ArrayList<>();
    }

    /**
     * A table whose first {@code textColumns} columns hold text (left-aligned) and whose others hold figures
     * (right-aligned); {@code textColumns} at or above the header's size makes every column text.
     */
    public MarkdownTable(List<String> header, int textColumns) {
        this(header, alignments(header.size(), textColumns));
    }

    /** A table with each column aligned as given. */
    public MarkdownTable(List<String> header, List<Align> alignment) {
        if (header.isEmpty()) {
            throw new IllegalArgumentException("A table needs at least one column");
        }
        if (alignment.size() != header.size()) {
            throw new IllegalArgumentException(
                    alignment.size() + " alignments for " + header.size() + " columns: " + header);
        }
        this.header = new ArrayList<>(header);
        this.alignment = new ArrayList<>(alignment);
    }

    /** A two-column table of names and their values, without headings ({@code |  |  |}). */
    public static MarkdownTable keyValue() {
        return new MarkdownTable().left("").left("");
    }

    /** Adds a left-aligned (text) column after the others; only before the first row. */
    public MarkdownTable left(String heading) {
        return column(heading, Align.LEFT);
    }

    /** Adds a right-aligned (figure) column after the others; only before the first row. */
    public MarkdownTable right(String heading) {
        return column(heading, Align.RIGHT);
    }

    private MarkdownTable column(String heading, Align align) {
        if (!rows.isEmpty()) {
            throw new IllegalStateException("Column '" + heading + "' added after the first row");
        }
        header.add(heading);
        alignment.add(align);
        return this;
    }

    /**
     * Adds a row of exactly as many cells as the header has columns; each cell is written as its {@code toString()},
     * {@code null} as {@link Figures#NONE}.
     */
    public MarkdownTable row(List<?> cells) {
        if (header.isEmpty()) {
            throw new IllegalStateException("A table needs at least one column");
        }
        if (cells.size() != header.size()) {
            throw new IllegalArgumentException("Row of " + cells.size() + " cells for " + header.size() + " columns: "
                    + String.join(", ", header));
        }
        List<String> row = new ArrayList<>(cells.size());
        cells.forEach(c -> row.add(c == null ? Figures.NONE : c.toString()));
        rows.add(row);
        return this;
    }

    /**
     * {@code value} as a cell of a table written by a template rather than by this class: its {@code toString()} with
     * {@code |} escaped and line breaks as {@code <br>}, {@code null} as {@link Figures#NONE} — what {@link #render()}
     * writes for it.
     */
    public static String cell(Object value) {
        return value == null ? Figures.NONE : escape(value.toString());
    }

    /** Adds a row of exactly as many cells as the header has columns (see {@link #row(List)}). */
    public MarkdownTable row(Object... cells) {
        return row(Arrays.asList(cells));
    }

    public boolean isEmpty() {
        return rows.isEmpty();
    }

    /** The table, every line ending in {@code \n}. */
    public String render() {
        if (header.isEmpty()) {
            throw new IllegalStateException("A table needs at least one column");
        }
        StringBuilder out = new StringBuilder();
        out.append(line(header));
        StringBuilder rule = new StringBuilder("|");
        alignment.forEach(a -> rule.append(a.rule).append('|'));
        out.append(rule).append('\n');
        rows.forEach(r -> out.append(line(r)));
        return out.toString();
    }

    private static String line(List<String> cells) {
        StringBuilder line = new StringBuilder("|");
        cells.forEach(c -> line.append(' ').append(escape(c)).append(" |"));
        return line.append('\n').toString();
    }

    private static String escape(String cell) {
        return cell.replace("|", "\\|").replace("\r\n", "<br>").replace("\n", "<br>");
    }

    private static List<Align> alignments(int columns, int textColumns) {
        List<Align> alignment = new ArrayList<>(Collections.nCopies(columns, Align.RIGHT));
        for (int i = 0; i < Math.min(columns, textColumns); i++) {
            alignment.set(i, Align.LEFT);
        }
        return alignment;
    }
}
