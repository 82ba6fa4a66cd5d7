package dev.iolab.jmh.plugin;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class CommandLineTest {

    @Test
    void splitsOnWhiteSpace() {
        assertThat(CommandLine.split("  CopyBenchmark -p  fileSizeKb=64\t-f 1 "))
                .containsExactly("CopyBenchmark", "-p", "fileSizeKb=64", "-f", "1");
    }

    @Test
    void keepsQuotedWhiteSpaceTogether() {
        assertThat(CommandLine.split("-jvmArgs '-Xmx1g -Xms1g' -p \"a=b c\""))
                .containsExactly("-jvmArgs", "-Xmx1g -Xms1g", "-p", "a=b c");
    }

    @Test
    void honoursEscapesInsideDoubleQuotesOnly() {
        assertThat(CommandLine.split("\"say \\\"hi\\\"\" 'it\\s'")).containsExactly("say \"hi\"", "it\\s");
    }

    @Test
    void emptyQuotesMakeAnEmptyWord() {
        assertThat(CommandLine.split("-p ''")).containsExactly("-p", "");
    }

    @Test
    void nullAndBlankGiveNoWords() {
        assertThat(CommandLine.split(null)).isEmpty();
        assertThat(CommandLine.split("   ")).isEmpty();
    }

    @Test
    void rejectsAnUnclosedQuote() {
        assertThatThrownBy(() -> CommandLine.split("-jvmArgs '-Xmx1g"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("Unclosed");
    }
}
