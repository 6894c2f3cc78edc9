// Draws one Mermaid diagram with the mermaid package (a development dependency: this page is never built).
import mermaid from 'mermaid';
import { useEffect, useId, useState } from 'react';

mermaid.initialize({ startOnLoad: false, securityLevel: 'strict', theme: 'neutral' });

export function MermaidDiagram({ text }: { text: string }) {
  const id = `diagram-${useId().replace(/[^A-Za-z0-9]/g, '')}`;
  const [drawn, setDrawn] = useState<{ svg: string } | { error: string }>({ svg: '' });
  useEffect(() => {
    let current = true;
    mermaid.render(id, text).then(
      ({ svg }) => current && setDrawn({ svg }),
      (error: unknown) => current && setDrawn({ error: String(error) }),
    );
    return () => {
      current = false;
    };
  }, [id, text]);
  if ('error' in drawn) return <pre className="diagram-error">{drawn.error}</pre>;
  // mermaid's strict security level sanitises the SVG it returns.
  return <div className="diagram" dangerouslySetInnerHTML={{ __html: drawn.svg }} />;
}
