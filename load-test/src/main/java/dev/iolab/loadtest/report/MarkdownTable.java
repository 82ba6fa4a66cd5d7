package dev.iolab.loadtest.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A Markdown (GitHub) table: a header with alignments, then rows of cells; {@code null} and non-finite numbers print
 * as "–". The one table writer of the studies' reports ({@code UploadStudyReport}, {@code ScaleStudyReport}).
 *
 * <pre>{@code
 * MarkdownTable t = new MarkdownTable().left("strategy").right("burst s");
 * t.row("on-demand", MarkdownTable.number(12.345, 2));
 * md.append(t);
 * }</pre>
 */
public final class MarkdownTable {

    private final List<String> header = new ArrayList<>();
    private final List<String> alignment = new ArrayList<>();
    private final List<List<String>> rows = new ArrayList<>();

    /** Adds a left-aligned column (text). */
    public MarkdownTable left(String title) {
        header.add(title);
        alignment.add("---");
        return this;
    }

    /** Adds a right-aligned column (numbers). */
    public MarkdownTable right(String title) {
        header.add(title);
        alignment.add("---:");
        return this;
    }

    /** Adds a row; it must have one cell per column. */
    public MarkdownTable row(Object... cells) {
        if (cells.length != header.size()) {
            throw new IllegalArgumentException(
                    "a row of " + cells.length + " cells for " + header.size() + " columns " + header);
        }
        List<String> row = new ArrayList<>();
        for (Object c : cells) {
            row.add(c == null ? "–" : c.toString().replace("|", "\\|").replace("\n", " "));
        }
        rows.add(row);
        return this;
    }

    public boolean isEmpty() {
        return rows.isEmpty();
    }

    /** The table, with a blank line after it. */
    @Override
    public String toString() {
        StringBuilder md = new StringBuilder();
        md.append("| ").append(String.join(" | ", header)).append(" |\n");
        md.append('|').append(String.join("|", alignment)).append("|\n");
        for (List<String> row : rows) {
            md.append("| ").append(String.join(" | ", row)).append(" |\n");
        }
        return md.append('\n').toString();
    }

    /** {@code value} with {@code decimals} decimals, or "–" when null, NaN or infinite. */
    public static String number(Double value, int decimals) {
        return value != null && Double.isFinite(value) ? String.format(Locale.ROOT, "%." + decimals + "f", value) : "–";
    }

    /** Bytes as whole MiB, or "–". */
    public static String mib(Double bytes) {
        return bytes == null ? "–" : number(bytes / (1024.0 * 1024.0), 0);
    }

    /** A two-column key/value table without a header row of its own ({@code | | |}). */
    public static MarkdownTable keyValue() {
        return new MarkdownTable().left("").left("");
    }
}
