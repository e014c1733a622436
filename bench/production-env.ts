// Imported first by the bench's entry points (run.ts, instance.ts, profile-page.ts). React
// picks its development or production build from process.env.NODE_ENV when the render bundle
// first loads it, and the store runs with NODE_ENV=production (the Docker image sets it):
// without this line the bench rendered pages with development React, about 1.6 times the
// CPU per page (docs/decisions/066-render-cost.md). loadConfig's NODE_ENV does not reach React.
process.env.NODE_ENV = 'production';
