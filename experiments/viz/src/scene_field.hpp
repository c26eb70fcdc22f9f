#pragma once
// The actors of a SceneField: its colour map (with the lookup table the colour bar shows) and
// its streamlines. Private to steer::viz (scene.cpp draws them).
#include <vtkActor.h>
#include <vtkLookupTable.h>
#include <vtkSmartPointer.h>

#include "steer/viz/scene.hpp"

namespace steer::viz {

struct FieldActors {
  vtkSmartPointer<vtkActor> colourMap;
  vtkSmartPointer<vtkActor> streamlines;  ///< null when there are no seeds or no flow
  vtkSmartPointer<vtkActor> arrows;       ///< the streamlines' arrowheads; null when none
  vtkSmartPointer<vtkLookupTable> lookupTable;
};

/// The colour map is drawn at height `mapZ`, the streamlines at `streamZ` (see scene.cpp's
/// layers). Throws std::runtime_error when the arrays do not match the grid.
FieldActors fieldActors(const SceneField& field, double mapZ, double streamZ);

}  // namespace steer::viz
