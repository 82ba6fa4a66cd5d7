package dev.iolab.reporting.markdown;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.iolab.reporting.markdown.MarkdownTable.Align;
import java.util.List;
import org.junit.jupiter.api.Test;

class MarkdownTableTest {

    @Test
    void textColumnsAreLeftAlignedAndFigureColumnsRightAligned() {
        String md = new MarkdownTable(List.of("size", "strategy", "ms"), 2)
                .row("64", "BUFFERED_8K", "3.88")
                .render();

        assertThat(md).isEqualTo("| size | strategy | ms |\n|---|---|---:|\n| 64 | BUFFERED_8K | 3.88 |\n");
    }

    @Test
    void asManyTextColumnsAsColumnsMakesEveryColumnText() {
        String md = new MarkdownTable(List.of("", ""), 2).row("CPU", "AMD EPYC").render();

        assertThat(md).isEqualTo("|  |  |\n|---|---|\n| CPU | AMD EPYC |\n");
    }

    @Test
    void eachColumnMayBeAlignedOnItsOwn() {
        String md = new MarkdownTable(List.of("a", "b", "c"), List.of(Align.RIGHT, Align.LEFT, Align.RIGHT))
                .row("1", "x", "2")
                .render();

        assertThat(md).startsWith("| a | b | c |\n|---:|---|---:|\n");
    }

    @Test
    void aCellForATemplateIsWhatTheTableWritesForIt() {
        assertThat(MarkdownTable.cell("a|b\nc")).isEqualTo("a\\|b<br>c");
        assertThat(MarkdownTable.cell(201)).isEqualTo("201");
        assertThat(MarkdownTable.cell(null)).isEqualTo(Figures.NONE);
    }

    @Test
    void aPipeOrALineBreakInACellCannotBreakTheTable() {
        String md = new MarkdownTable(List.of("cell", "note"), 2)
                .row("a|b", "line one\nline two")
                .render();

        assertThat(md).endsWith("| a\\|b | line one<br>line two |\n");
    }

    @Test
    void aRowOfTheWrongWidthIsRefusedNamingTheColumns() {
        MarkdownTable table = new MarkdownTable(List.of("size", "ms"), 1);

        assertThatThrownBy(() -> table.row("64"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("Row of 1 cells for 2 columns: size, ms");
        assertThat(table.isEmpty()).isTrue();
    }

    @Test
    void columnsMayBeAddedOneByOneAndCellsBeAnyValue() {
        String md = new MarkdownTable()
                .left("strategy")
                .right("accepted")
                .left("refused")
                .right("mean s")
                .row("on-demand", 125, "75 (queue-full 75)", null)
                .render();

        assertThat(md)
                .isEqualTo("| strategy | accepted | refused | mean s |\n|---|---:|---|---:|\n"
                        + "| on-demand | 125 | 75 (queue-full 75) | – |\n");
    }

    @Test
    void aKeyValueTableHasTwoTextColumnsWithoutHeadings() {
        String md = MarkdownTable.keyValue().row("Machine", "2 cores").render();

        assertThat(md).isEqualTo("|  |  |\n|---|---|\n| Machine | 2 cores |\n");
    }

    @Test
    void noColumnIsAddedOnceRowsAre() {
        MarkdownTable table = new MarkdownTable().left("a").row("x");

        assertThatThrownBy(() -> table.right("b"))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("'b'");
        assertThatThrownBy(() -> new MarkdownTable().render()).isInstanceOf(IllegalStateException.class);
    }

    @Test
    void alignmentsMustMatchTheColumns() {
        assertThatThrownBy(() -> new MarkdownTable(List.of("a", "b"), List.of(Align.LEFT)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("1 alignments for 2 columns");
    }
}
