package dev.iolab.reporting.markdown;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import org.junit.jupiter.api.Test;

class TemplatesTest {

    private final Templates templates = Templates.beside(TemplatesTest.class);

    @Test
    void aTemplateBesideItsClassFillsWithoutEscapingAndLoadsItsPartialsFromThere() {
        assertThat(templates.compile("greeting").execute(Map.of("name", "you"))).isEqualTo("Hello you, & <done>\n");
    }

    @Test
    void anEmptyStringIsFalseAndAMissingValueReadsAsEmpty() {
        assertThat(templates.compile("greeting").execute(Map.of("name", ""))).isEqualTo("nobody, & <done>\n");
    }

    @Test
    void aMissingTemplateIsNamed() {
        assertThatThrownBy(() -> templates.compile("absent"))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("absent.mustache");
    }
}
