/**
 * GLSL ES 3.0 (WebGL2) for the three layers. Node positions live in one RG32F texture
 * (uPositions); every layer fetches its endpoints by node index, so a layout tick uploads
 * 8 bytes per node and no link geometry is ever rebuilt. Widths and minimum sizes are CSS px,
 * turned into world units with uZoom (CSS px per world unit). Colours are premultiplied.
 */
const HEADER = `#version 300 es
precision highp float;
`;

const VERTEX_COMMON = `
uniform mat3 uProjectionMatrix;
uniform mat3 uWorldTransformMatrix;
uniform mat3 uTransformMatrix;
uniform highp sampler2D uPositions;
uniform float uZoom;

vec2 nodePosition(float index) {
  int i = int(index + 0.5);
  int width = textureSize(uPositions, 0).x;
  return texelFetch(uPositions, ivec2(i % width, i / width), 0).xy;
}

// Quads are four vertices each; the corner is implied by the vertex number.
vec2 squareCorner() {
  int c = gl_VertexID & 3;
  return vec2(c == 1 || c == 2 ? 1.0 : -1.0, c >= 2 ? 1.0 : -1.0);
}

vec2 segmentCorner() {
  int c = gl_VertexID & 3;
  return vec2(c == 1 || c == 2 ? 1.0 : 0.0, c >= 2 ? 1.0 : -1.0);
}

vec4 toClip(vec2 world) {
  mat3 m = uProjectionMatrix * uWorldTransformMatrix * uTransformMatrix;
  return vec4((m * vec3(world, 1.0)).xy, 0.0, 1.0);
}
`;

export const NODE_VERTEX = `${HEADER}
in float aIndex;
in float aRadius;
in vec4 aColor;
in float aFlags;
uniform float uMinRadiusPx;
out vec2 vLocal;
out vec4 vColor;
out float vFlags;
out float vPixels;
${VERTEX_COMMON}
void main() {
  vec2 aCorner = squareCorner();
  float radius = max(aRadius, uMinRadiusPx / uZoom);
  // Ringed nodes need room outside the disc for the ring; 1.5 px more for antialiasing.
  float extent = radius * (aFlags > 0.5 ? 1.6 : 1.0) + 1.5 / uZoom;
  gl_Position = toClip(nodePosition(aIndex) + aCorner * extent);
  vLocal = aCorner * extent / radius;
  vColor = aColor;
  vFlags = aFlags;
  vPixels = radius * uZoom;
}
`;

export const NODE_FRAGMENT = `${HEADER}
in vec2 vLocal;
in vec4 vColor;
in float vFlags;
in float vPixels;
uniform vec4 uRingColor;
uniform vec4 uHoverColor;
out vec4 finalColor;
void main() {
  float d = length(vLocal);
  float aa = 1.0 / max(vPixels, 0.5);
  float fill = 1.0 - smoothstep(1.0 - aa, 1.0 + aa, d);
  vec4 color = vec4(vColor.rgb * vColor.a, vColor.a) * fill;
  if (vFlags > 0.5) {
    float ring = smoothstep(1.18 - aa, 1.18 + aa, d) * (1.0 - smoothstep(1.5 - aa, 1.5 + aa, d));
    color += (vFlags > 1.5 ? uHoverColor : uRingColor) * ring * (1.0 - color.a);
  }
  if (color.a < 0.004) discard;
  finalColor = color;
}
`;

export const LINK_VERTEX = `${HEADER}
in vec2 aEnds;
// The link's width in CSS px, negative for links other than group links (link-width.ts).
in float aStyle;
uniform vec4 uCompanyColor;
uniform vec4 uOtherColor;
out float vAcross;
out float vHalfWidth;
out vec4 vColor;
${VERTEX_COMMON}
void main() {
  vec2 aCorner = segmentCorner();
  vec2 a = nodePosition(aEnds.x);
  vec2 b = nodePosition(aEnds.y);
  vec2 dir = b - a;
  float len = length(dir);
  vec2 normal = len > 1e-6 ? vec2(-dir.y, dir.x) / len : vec2(0.0);
  float width = abs(aStyle);
  float reach = width * 0.5 + 0.5;
  gl_Position = toClip(mix(a, b, aCorner.x) + normal * aCorner.y * reach / uZoom);
  vAcross = aCorner.y * reach;
  vHalfWidth = width * 0.5;
  vColor = aStyle > 0.0 ? uCompanyColor : uOtherColor;
}
`;

export const LINK_FRAGMENT = `${HEADER}
in float vAcross;
in float vHalfWidth;
in vec4 vColor;
out vec4 finalColor;
void main() {
  float coverage = clamp(vHalfWidth + 0.5 - abs(vAcross), 0.0, 1.0);
  finalColor = vColor * coverage;
}
`;

export const PARTICLE_VERTEX = `${HEADER}
in vec2 aEnds;
in float aPhase;
uniform float uTime;
uniform float uSpeed;
uniform float uSizePx;
out vec2 vLocal;
${VERTEX_COMMON}
void main() {
  vec2 aCorner = squareCorner();
  float t = fract(uTime * uSpeed + aPhase);
  vec2 centre = mix(nodePosition(aEnds.x), nodePosition(aEnds.y), t);
  gl_Position = toClip(centre + aCorner * (uSizePx + 1.0) / uZoom);
  vLocal = aCorner * (uSizePx + 1.0) / uSizePx;
}
`;

export const PARTICLE_FRAGMENT = `${HEADER}
in vec2 vLocal;
uniform vec4 uColor;
out vec4 finalColor;
void main() {
  float coverage = 1.0 - smoothstep(0.8, 1.2, length(vLocal));
  finalColor = uColor * coverage;
}
`;
