package dev.iolab.loadtest.study.findings;

import java.util.List;
import java.util.Locale;

/** Where a study report's tables are: its {@code ##} headings as link targets. */
public final class Headings {

    private Headings() {}

    /** The sections of a report, from its lines: whichever of the study's tables it has. */
    public static StudyFigures.Sections sections(List<String> lines) {
        return new StudyFigures.Sections(
                anchor(lines, "## Memory budget on"),
                anchor(lines, "## Memory budget off"),
                anchor(lines, "## Ceilings"),
                anchor(lines, "## In pairs"),
                anchor(lines, "## valet-key"),
                anchor(lines, "## Soak"));
    }

    /** {@code #anchor} of the first heading starting with {@code prefix}; null without one. */
    static String anchor(List<String> lines, String prefix) {
        int at = find(lines, prefix);
        return at < 0 ? null : "#" + slug(lines.get(at).substring(3));
    }

    /** The index of the first line starting with {@code prefix}; -1 without one. */
    static int find(List<String> lines, String prefix) {
        for (int i = 0; i < lines.size(); i++) {
            if (lines.get(i).startsWith(prefix)) {
                return i;
            }
        }
        return -1;
    }

    /**
     * A heading's anchor as GitHub makes it: lower case, every character but letters, digits, spaces, hyphens and
     * underscores dropped, spaces turned into hyphens ({@code In pairs: each burst beside its ceiling's} →
     * {@code in-pairs-each-burst-beside-its-ceilings}).
     */
    static String slug(String heading) {
        return heading.strip()
                .toLowerCase(Locale.ROOT)
                .replaceAll("[^\\p{L}\\p{N} _-]", "")
                .replace(' ', '-');
    }
}
