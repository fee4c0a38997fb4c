/**
 * The document title: the app's name (company info, set for every page) and, on the drawing
 * screen, the view before it ("(3) #lobby - App"). Two writers, one title: whichever changes
 * last, the title stays whole.
 */
const title = { app: '', view: null as ((app: string) => string) | null };

function apply(): void {
  document.title = title.view ? title.view(title.app) : title.app;
}

export function setAppTitle(name: string): void {
  title.app = name;
  apply();
}

/** `null` leaves the app's name alone. */
export function setTitleView(view: ((app: string) => string) | null): void {
  title.view = view;
  apply();
}
