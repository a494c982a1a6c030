// The bpmn-js and dmn-js viewers are prebuilt UMD bundles served from the installed packages; they are
// loaded on the first page that needs them, so the other pages stay light.

const loaded = new Map();

function loadScript(src) {
  if (!loaded.has(src)) {
    loaded.set(
      src,
      new Promise((resolve, reject) => {
        const script = document.createElement('script');
        script.src = src;
        script.onload = resolve;
        script.onerror = () => reject(new Error(`Cannot load ${src}`));
        document.head.append(script);
      }),
    );
  }
  return loaded.get(src);
}

/** Shows `xml` in `container`; `markers` maps activity id -> CSS classes, `overlays` maps activity id -> [{html, position}]. */
export async function showBpmn(container, xml, { markers = {}, overlays = {} } = {}) {
  await loadScript('/console/vendor/bpmn-js/bpmn-navigated-viewer.production.min.js');
  const viewer = new window.BpmnJS({ container });
  await viewer.importXML(xml);
  const canvas = viewer.get('canvas');
  const registry = viewer.get('elementRegistry');
  const overlayService = viewer.get('overlays');
  canvas.zoom('fit-viewport', 'auto');
  for (const [id, classes] of Object.entries(markers)) {
    if (!registry.get(id)) continue;
    for (const cls of classes) canvas.addMarker(id, cls);
  }
  for (const [id, items] of Object.entries(overlays)) {
    if (!registry.get(id)) continue;
    for (const { html, position } of items) overlayService.add(id, { position, html });
  }
  return viewer;
}

/** Shows a DMN model and opens the view of `decisionKey` (its table or literal expression) when there is one. */
export async function showDmn(container, xml, decisionKey) {
  await loadScript('/console/vendor/dmn-js/dmn-viewer.production.min.js');
  const viewer = new window.DmnJS({ container });
  await viewer.importXML(xml);
  const view = viewer.getViews().find((v) => v.element.id === decisionKey && v.type !== 'drd');
  if (view) await viewer.open(view);
  return viewer;
}

/** A count badge for an overlay (a DOM node: bpmn-js would parse an HTML string). */
export function badge(text, cls, title) {
  const el = document.createElement('span');
  el.className = `badge ${cls}`;
  el.textContent = text;
  el.title = title;
  return el;
}

/**
 * The flow nodes of a shown BPMN diagram, where a token may be started: all of them, or only those directly in
 * the process (outside any sub-process), which is where a restarted instance may begin.
 */
export function flowNodes(viewer, { firstLevel = false } = {}) {
  return viewer
    .get('elementRegistry')
    .filter(
      (e) =>
        e.type !== 'label' &&
        e.businessObject?.$instanceOf?.('bpmn:FlowNode') &&
        (!firstLevel || e.businessObject.$parent?.$type === 'bpmn:Process'),
    )
    .map((e) => ({ id: e.id, name: e.businessObject.name }));
}
