package dev.iolab.reporting.markdown;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;

/**
 * A GitHub-flavoured Markdown table: the header, the alignment row, then the rows. Text columns are left-aligned and
 * figure columns right-aligned, so that the digits of a rendered column line up. A cell may hold any text: a {@code |}
 * is escaped and a line break becomes {@code <br>}, so no cell can break the table.
 *
 * <pre>
 * String md = new MarkdownTable(List.of("size", "ms", "MB/s"), 1)
 *         .row("64", "3.88", "16.11")
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
        this.header = List.copyOf(header);
        this.alignment = List.copyOf(alignment);
    }

    /** Adds a row of exactly as many cells as the header has columns. */
    public MarkdownTable row(List<String> cells) {
        if (cells.size() != header.size()) {
            throw new IllegalArgumentException("Row of " + cells.size() + " cells for " + header.size() + " columns: "
                    + String.join(", ", header));
        }
        rows.add(List.copyOf(cells));
        return this;
    }

    /** Adds a row of exactly as many cells as the header has columns. */
    public MarkdownTable row(String... cells) {
        return row(Arrays.asList(cells));
    }

    public boolean isEmpty() {
        return rows.isEmpty();
    }

    /** The table, every line ending in {@code \n}. */
    public String render() {
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
